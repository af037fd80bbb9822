// The signed-in user's identity verification: their latest submission (served with /settings/identity,
// then read here), the submit, and the wait for a review: while it is pending the store reads it again
// every few seconds until it is decided, then refreshes the profile so the KYC status and the name
// shown everywhere follow.
import { atom } from 'nanostores';
import { api, unwrap } from './api';
import { refreshAccount } from './account';

type IdentityApi = ReturnType<typeof api>['identity-verification'];
export type IdentityVerification = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<IdentityApi['$get']>>>>>;
export type IdentitySubmission = Parameters<IdentityApi['$post']>[0]['json'];

/** The latest submission; null before the first (or once "Try again" opened the form). */
export const $identity = atom<IdentityVerification | null>(null);

/** How often a pending review is read again. */
export const IDENTITY_POLL_MS = 5000;
let poll: ReturnType<typeof setTimeout> | undefined;

/** Follows a pending submission until it is decided (a decided one stops the polling). */
export function watchIdentity(next: IdentityVerification | null): void {
  clearTimeout(poll);
  $identity.set(next);
  if (next?.status !== 'pending') return;
  poll = setTimeout(() => {
    void unwrap(api()['identity-verification'].$get()).then(
      (read) => {
        watchIdentity(read);
        if (read.status !== 'pending') void refreshAccount();
      },
      () => watchIdentity(next),
    );
  }, IDENTITY_POLL_MS);
}

/** Submits the form; the answer is shown at once (and followed while pending). Throws ApiError. */
export async function submitIdentity(body: IdentitySubmission): Promise<IdentityVerification> {
  const sent = await unwrap(api()['identity-verification'].$post({ json: body }));
  watchIdentity(sent);
  void refreshAccount();
  return sent;
}

/** "Try again" after a rejection: the form again. */
export function retryIdentity(): void {
  watchIdentity(null);
}
