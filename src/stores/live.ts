export function useLiveUpdates(_partyId: string | null): number { return 0; }
