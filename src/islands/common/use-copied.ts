// Copy-to-clipboard state for a button that flips to 'Copied!' for 2 s.
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard';

export const COPIED_MS = 2000;

/** `copy(text, key)` copies and marks `key` as just copied for 2 s; rejects when copying failed. */
export function useCopied(): { copiedKey: string | null; copy: (text: string, key?: string) => Promise<void> } {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string, key = text) => {
    await copyText(text);
    clearTimeout(timer.current);
    setCopiedKey(key);
    timer.current = setTimeout(() => setCopiedKey(null), COPIED_MS);
  };
  return { copiedKey, copy };
}
