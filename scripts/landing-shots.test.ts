// The landing page's feature images and their alt text say the same thing: each alt text names the
// app screen that `npm run screenshots` captures for that image, in the page's language.
import { describe, expect, it } from 'vitest';
import en from '../src/content/landing/en.json';
import es from '../src/content/landing/es.json';
import { t, type TranslationKey } from '../src/i18n';
import { SHOTS } from './landing-shots.mjs';

const shots = SHOTS as { name: string; titleKey: TranslationKey }[];

describe.each([
  ['en', en],
  ['es', es],
] as const)('the landing feature images (%s)', (lang, copy) => {
  const features = (copy as { features: { image: { src: string; alt: string } }[] }).features;

  it.each(shots.map((shot) => [shot.name, shot.titleKey] as const))('describes %s.webp as the screen it is captured from', (name, titleKey) => {
    const feature = features.find((f) => f.image.src === `/images/landing/${lang}/${name}.webp`);
    expect(feature).toBeDefined();
    expect(feature!.image.alt).toContain(t(lang, titleKey));
  });
});
