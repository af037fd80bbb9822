// Feature requests' plain values (statuses, priorities, categories, their dictionary keys, the length
// limits) without zod, so a screen can show them without loading the schemas; ./schemas/feature-request
// re-exports them.
import { isTranslationKey, type TranslationKey } from '../i18n';

export const FEATURE_REQUEST_STATUSES = ['submitted', 'under_review', 'planned', 'in_progress', 'completed', 'rejected'] as const;
export type FeatureRequestStatus = (typeof FEATURE_REQUEST_STATUSES)[number];

export const FEATURE_REQUEST_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FeatureRequestPriority = (typeof FEATURE_REQUEST_PRIORITIES)[number];

/** The form's categories (the server may list more; those are shown by their own name). */
export const FEATURE_REQUEST_CATEGORIES = ['UI/UX', 'Trading', 'Security', 'Mobile', 'Web', 'Performance', 'Integration', 'Other'] as const;
export type FeatureRequestCategory = (typeof FEATURE_REQUEST_CATEGORIES)[number];

const CATEGORY_KEYS: Record<FeatureRequestCategory, TranslationKey> = {
  'UI/UX': 'featureRequests.category.uiUx',
  Trading: 'featureRequests.category.trading',
  Security: 'featureRequests.category.security',
  Mobile: 'featureRequests.category.mobile',
  Web: 'featureRequests.category.web',
  Performance: 'featureRequests.category.performance',
  Integration: 'featureRequests.category.integration',
  Other: 'featureRequests.category.other',
};

// Categories the product's own server lists beside the form's (migration 0014, source 'server'):
// shown in the user's language too; a category nobody has translated yet is shown as it is.
const SERVER_CATEGORY_KEYS: Partial<Record<string, TranslationKey>> = {
  Payments: 'featureRequests.category.payments',
  'Digital Assets': 'featureRequests.category.digitalAssets',
  Notifications: 'featureRequests.category.notifications',
  Localization: 'featureRequests.category.localization',
};

/** Dictionary key of a known category, or null for one nobody has translated (show it as it is). */
export function featureCategoryKey(category: string): TranslationKey | null {
  return (CATEGORY_KEYS as Partial<Record<string, TranslationKey>>)[category] ?? SERVER_CATEGORY_KEYS[category] ?? null;
}

export const featureStatusKey = (status: FeatureRequestStatus): TranslationKey => `featureRequests.status.${status}`;
export const featurePriorityKey = (priority: FeatureRequestPriority): TranslationKey => `featureRequests.priority.${priority}`;

export const FEATURE_TITLE_MIN = 5;
export const FEATURE_TITLE_MAX = 200;
export const FEATURE_DESCRIPTION_MIN = 10;
export const FEATURE_DESCRIPTION_MAX = 2000;
/** A category name or id (the server's list, GET /feature-requests/categories, may hold more than the form's). */
export const FEATURE_CATEGORY_MAX = 50;
/**
 * The server's categories, name to id (the embedded core's table, migration 0014, holds exactly these:
 * its test checks): a request names one by either, and the document publishes both as the enum.
 */
export const FEATURE_CATEGORY_IDS = {
  'UI/UX': 'ui_ux',
  Trading: 'trading',
  Security: 'security',
  Mobile: 'mobile',
  Web: 'web',
  Performance: 'performance',
  Integration: 'integration',
  Other: 'other',
  Payments: 'payments',
  'Digital Assets': 'digital_assets',
  Notifications: 'notifications',
  Localization: 'localization',
} as const;

// The product's sample requests (migrations 0019 and 0026) stay as seeded (English, the contract's
// language); a screen shows them in the user's language by their id, and anything a user wrote as written.
type Translate = (key: TranslationKey) => string;

/** `fr-seed-07` -> 'featureRequests.seed.07'; null for a request a user wrote. */
function seedPrefix(id: string): string | null {
  const n = /^fr-seed-(\d{2})$/.exec(id)?.[1];
  return n ? `featureRequests.seed.${n}` : null;
}

function seeded(t: Translate, id: string, field: 'title' | 'description'): string | null {
  const prefix = seedPrefix(id);
  const key = prefix ? `${prefix}.${field}` : null;
  return key && isTranslationKey(key) ? t(key) : null;
}

/** A feature request's title: the product's sample requests in the user's language, others as written. */
export const featureRequestTitle = (t: Translate, item: { id: string; title: string }): string => seeded(t, item.id, 'title') ?? item.title;

export const featureRequestDescription = (t: Translate, item: { id: string; description: string }): string =>
  seeded(t, item.id, 'description') ?? item.description;
