// The kinds of entry the settings schema (settings-schema.ts) is written in, and the types inferred
// from it. Where an entry sits in the schema is where its value goes in Settings. An entry is a
// variable (`v`), a value derived from a few (`derived`), a group present only while a boolean
// variable is true (`when`), or a variable accepted for compatibility (`compat`: checked, left out
// of Settings, named in a warning at start-up when set).
import type { ValueParser } from './go-values';

export interface Setting<
  T = unknown,
  N extends string = string,
  D extends string | undefined = string | undefined,
> {
  readonly kind: 'setting';
  readonly name: N;
  readonly parse: ValueParser<T>;
  /** Text default, parsed like a set value; undefined: the value stays undefined while unset. */
  readonly defaultValue: D;
  readonly doc: string;
  /** Envoy's other names besides the KV_ -> REDIS_ and ALTCACHE_ -> MEMCACHE_ prefixes. */
  readonly aliases: readonly string[];
  /** compat: why the variable changes nothing (said in the start-up warning). */
  readonly ignoredBecause?: string;
}

/** Where a value came from: the name the user set (canonical when unset) and its text. */
export type VariableSource = { readonly name: string; readonly raw: string | undefined };
export type Env = Readonly<Record<string, string | undefined>>;
type AnySetting = Setting<unknown, string, string | undefined>;
type Inputs = Readonly<Record<string, AnySetting>>;
export type ValueOf<S> =
  S extends Setting<infer T, string, infer D> ? (D extends string ? T : T | undefined) : never;
export type InputValues<I> = { readonly [K in keyof I]: ValueOf<I[K]> };
/** A derived value may also need the names used (for messages), and report problems. */
export type DeriveContext<I> = { sources: { [K in keyof I]: VariableSource }; env: Env; issues: string[] };

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
  ...[name, parse, defaultValue, doc, aliases = []]: [N, ValueParser<T>, D, string, string[]?]
): Setting<T, N, D> => ({ kind: 'setting', name, parse, defaultValue, doc, aliases });

export function derived<const I extends Inputs, T>(
  inputs: I,
  derive: Derived<I, T>['derive'],
): Derived<I, T> {
  return { kind: 'derived', inputs, derive };
}

export function when<C extends Setting<boolean, string, string>, S>(condition: C, then: S): When<C, S> {
  return { kind: 'when', condition, then };
}

/** A variable accepted for compatibility: checked, left out of Settings, named at start-up when set. */
export const compat = <T, const N extends string, const D extends string>(
  ignoredBecause: string,
  ...[name, parse, defaultValue, doc]: [N, ValueParser<T>, D, string]
) => ({ ...v(name, parse, defaultValue, `accepted for compatibility: ${doc}`), ignoredBecause });

/** The typed settings a schema (sub)tree yields: compat entries leave no field. */
export type SettingsOf<S> = S extends AnySetting
  ? ValueOf<S>
  : S extends Derived<infer _I, infer T>
    ? T
    : S extends When<infer _C, infer G>
      ? SettingsOf<G> | undefined
      : { readonly [K in keyof S as S[K] extends { ignoredBecause: string } ? never : K]: SettingsOf<S[K]> };

/** Every variable of a schema (sub)tree, as a union of its entries. */
type SettingsIn<S> = S extends AnySetting
  ? S
  : S extends Derived<infer I>
    ? I[keyof I]
    : S extends When<infer C, infer G>
      ? C | SettingsIn<G>
      : { [K in keyof S]: SettingsIn<S[K]> }[keyof S];
type NameOf<E> = E extends Setting<unknown, infer N, string | undefined> ? N : never;

/** Every variable's parsed value by canonical name (what the checks across variables read). */
export type ValuesOf<S> = {
  readonly [N in NameOf<SettingsIn<S>>]: ValueOf<Extract<SettingsIn<S>, { name: N }>>;
};
