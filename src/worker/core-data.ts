// The `data` type a core service answers with: BFF routes pass it to forward<T>, so response types
// come from the core's own return types (type-only imports), never from hand-written interfaces.
export type Data<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
