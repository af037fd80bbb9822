// The preview tab's script (src/editor/PreviewShell.astro): reads the editor's unsaved draft of one
// entry from this browser (Keystatic keeps each changed form as a draft in IndexedDB, database
// `keystatic`, store `items`, key ['singleton', <entry>]: the files it would save), has the edit
// server render the page with it and shows that page; it looks again every second, so the preview
// follows the typing. Without a draft it shows the saved page. Nothing is saved from here.
const banner = document.querySelector<HTMLElement>('[role="status"]')!;
const frame = document.querySelector('iframe')!;
const entry = banner.dataset.entry!;
const savedPage = banner.dataset.page!;
const label = document.title.replace(/^Preview: /, '');

interface Draft {
  savedAt: Date;
  files: Map<string, Uint8Array>;
}

/** The editor's draft of this entry, or undefined (opening the database as Keystatic does: one store). */
function readDraft(): Promise<Draft | undefined> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('keystatic');
    open.onupgradeneeded = () => open.result.createObjectStore('items');
    open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('items', 'readonly').objectStore('items').get(['singleton', entry]);
      get.onerror = () => reject(get.error ?? new Error('IndexedDB did not answer'));
      get.onsuccess = () => {
        db.close();
        resolve(get.result as Draft | undefined);
      };
    };
  });
}

let shown: number | null | undefined;

async function refresh(): Promise<void> {
  const draft = await readDraft();
  const version = draft ? draft.savedAt.getTime() : null;
  if (version === shown) return;
  shown = version;
  if (!draft) {
    banner.dataset.state = 'saved';
    banner.textContent = `${label}: no unsaved changes; this is the saved page.`;
    frame.removeAttribute('srcdoc');
    frame.src = savedPage;
    return;
  }
  const decoder = new TextDecoder();
  const files = Object.fromEntries([...draft.files].map(([path, bytes]) => [path, decoder.decode(bytes)]));
  const res = await fetch(`/preview/${encodeURIComponent(entry)}/draft`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ files }),
  });
  const body = await res.text();
  if (!res.ok) {
    banner.dataset.state = 'refused';
    banner.textContent = `${label}: these unsaved changes would not build, so the editor will not save them:\n${body}`;
    return;
  }
  banner.dataset.state = 'draft';
  banner.textContent = `${label}: unsaved changes, as typed at ${draft.savedAt.toLocaleTimeString()}. Save in the editor to keep them.`;
  frame.removeAttribute('src');
  frame.srcdoc = body;
}

async function follow(): Promise<void> {
  try {
    await refresh();
  } catch (err) {
    banner.dataset.state = 'refused';
    banner.textContent = `${label}: the preview failed (${(err as Error).message}).`;
  }
  setTimeout(() => void follow(), 1000);
}
void follow();
