// How the app compares a typed name with a person's verified name (a bank account's holder, a
// W-8BEN's legal name and signature): without accents, case or repeated spaces. Shared, so the forms
// check as the core does.

/** A name as the comparison reads it. */
const comparableName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Whether a typed name is the verified one (an empty verified name matches nothing). */
export const sameName = (typed: string, verified: string) => comparableName(verified) !== '' && comparableName(typed) === comparableName(verified);
