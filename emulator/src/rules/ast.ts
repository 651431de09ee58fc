/** The syntax tree the generated parser builds (see grammar.peggy). */

export interface Loc {
  line: number;
  column: number;
}

export type Expr =
  | { k: 'lit'; v: null | boolean | bigint | number | string; loc: Loc }
  | { k: 'bytes'; text: string; loc: Loc }
  | { k: 'id'; name: string; loc: Loc }
  | { k: 'member'; obj: Expr; name: string; loc: Loc }
  | { k: 'index'; obj: Expr; index: Expr; loc: Loc }
  | { k: 'slice'; obj: Expr; from: Expr | null; to: Expr | null; loc: Loc }
  | CallExpr
  | { k: 'not'; arg: Expr; loc: Loc }
  | { k: 'neg'; arg: Expr; loc: Loc }
  | { k: 'bin'; op: BinaryOp; left: Expr; right: Expr; loc: Loc }
  | { k: 'and'; left: Expr; right: Expr; loc: Loc }
  | { k: 'or'; left: Expr; right: Expr; loc: Loc }
  | { k: 'cond'; test: Expr; then: Expr; otherwise: Expr; loc: Loc }
  | { k: 'is'; arg: Expr; type: string; loc: Loc }
  | { k: 'list'; items: Expr[]; loc: Loc }
  | { k: 'map'; entries: [Expr, Expr][]; loc: Loc }
  | { k: 'path'; parts: (string | Expr)[]; loc: Loc };

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export interface CallExpr {
  k: 'call';
  callee: Expr;
  args: Expr[];
  loc: Loc;
  /** Set at load time: the user function a plain `name(...)` call resolves to. */
  fn?: FunctionDecl;
  /** Set at load time: a builtin global (`get`, `math.abs`, ...) the call resolves to. */
  builtin?: string;
}

export interface LetDecl {
  name: string;
  value: Expr;
  loc: Loc;
}

export interface FunctionDecl {
  kind: 'function';
  name: string;
  params: string[];
  lets: LetDecl[];
  body: Expr;
  loc: Loc;
}

export interface AllowDecl {
  kind: 'allow';
  methods: { name: string; loc: Loc }[];
  cond: Expr | null;
  loc: Loc;
}

export type MatchSegment =
  | { kind: 'lit'; value: string; loc: Loc }
  | { kind: 'var'; name: string; loc: Loc }
  | { kind: 'rest'; name: string; loc: Loc };

export interface MatchDecl {
  kind: 'match';
  path: MatchSegment[];
  body: (MatchDecl | FunctionDecl | AllowDecl)[];
  loc: Loc;
}

export interface RulesFile {
  version: string | { value: string; loc: Loc };
  service: { name: string; body: (MatchDecl | FunctionDecl | AllowDecl)[]; loc: Loc };
}
