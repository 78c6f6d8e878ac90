/** The shape of a feature's English texts with every text a string: what its Spanish texts must match exactly. */
export type TextShape<T> = { [K in keyof T]: T[K] extends string ? string : TextShape<T[K]> };
