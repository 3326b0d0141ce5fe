// The kinds of entry the settings schema (settings-schema.ts) is written in, and the types inferred
// from it. The schema has the shape of the Settings object: where an entry sits is where its value
// goes. An entry is one environment variable (`v`), a value derived from a few of them (`derived`),
// a group present only when a boolean variable is true (`when`), or a variable accepted for
// compatibility that nothing reads (`compat`: parsed, validated, logged as ignored when set).
import type { ValueParser } from './go-values';

export interface Setting<
  T = unknown,
  N extends string = string,
  D extends string | undefined = string | undefined,
> {
  readonly kind: 'setting';
  readonly name: N;
  readonly parse: ValueParser<T>;
  /** Text default, parsed like a set value; undefined = no default (the value stays undefined). */
  readonly defaultValue: D;
  readonly doc: string;
  /** Envoy's other names besides the KV_ -> REDIS_ and ALTCACHE_ -> MEMCACHE_ prefixes. */
  readonly aliases: readonly string[];
  /** Set: accepted for compatibility, why it changes nothing (the start-up warning says it). */
  readonly ignoredBecause?: string;
}

/** Where a value came from: the name the user set (canonical when unset) and its text. */
export interface VariableSource {
  readonly name: string;
  readonly raw: string | undefined;
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface DeriveContext<I> {
  readonly sources: { readonly [K in keyof I]: VariableSource };
  readonly env: Env;
  /** Problems found while deriving, reported with every other bad setting. */
  readonly issues: string[];
}

type AnySetting = Setting<unknown, string, string | undefined>;
type Inputs = Readonly<Record<string, AnySetting>>;
export type ValueOf<S> =
  S extends Setting<infer T, string, infer D> ? (D extends string ? T : T | undefined) : never;
export type InputValues<I> = { readonly [K in keyof I]: ValueOf<I[K]> };

export interface Derived<I extends Inputs = Inputs, T = unknown> {
  readonly kind: 'derived';
  readonly inputs: I;
  readonly derive: (values: InputValues<I>, context: DeriveContext<I>) => T;
}

export interface When<C extends AnySetting = AnySetting, S = unknown> {
  readonly kind: 'when';
  readonly condition: C;
  readonly then: S;
}

export const v = <T, const N extends string, const D extends string | undefined>(
  name: N,
  parse: ValueParser<T>,
  defaultValue: D,
  doc: string,
  aliases: string[] = [],
): Setting<T, N, D> => ({ kind: 'setting', name, parse, defaultValue, doc, aliases });

export const derived = <const I extends Inputs, T>(
  inputs: I,
  derive: (values: InputValues<I>, context: DeriveContext<I>) => T,
): Derived<I, T> => ({ kind: 'derived', inputs, derive });

export const when = <C extends Setting<boolean, string, string>, S>(condition: C, then: S): When<C, S> => ({
  kind: 'when',
  condition,
  then,
});

export const compat = <S extends AnySetting>(
  setting: S,
  because: string,
): S & { ignoredBecause: string } => ({
  ...setting,
  ignoredBecause: because,
});

type IsCompat<S> = S extends { ignoredBecause: string } ? true : false;

/** The typed settings a schema (sub)tree yields: compat entries leave no field. */
export type SettingsOf<S> = S extends AnySetting
  ? ValueOf<S>
  : S extends Derived<infer _I, infer T>
    ? T
    : S extends When<infer _C, infer G>
      ? SettingsOf<G> | undefined
      : { readonly [K in keyof S as IsCompat<S[K]> extends true ? never : K]: SettingsOf<S[K]> };

/** Every variable of a schema (sub)tree, as a union of its entries. */
type SettingsIn<S> = S extends AnySetting
  ? S
  : S extends Derived<infer I>
    ? I[keyof I]
    : S extends When<infer C, infer G>
      ? C | SettingsIn<G>
      : { [K in keyof S]: SettingsIn<S[K]> }[keyof S];

/** Every variable's parsed value by its canonical name (what the checks across variables read). */
export type ValuesOf<S> = {
  readonly [N in NameOf<SettingsIn<S>>]: ValueOf<Extract<SettingsIn<S>, { name: N }>>;
};
type NameOf<E> = E extends Setting<unknown, infer N, string | undefined> ? N : never;
