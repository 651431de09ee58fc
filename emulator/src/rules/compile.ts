/**
 * Load-time checks and flattening of a parsed rules file: names resolve (variables, functions,
 * built-ins), calls have the right arity, functions stay within Firestore's limits (no recursion,
 * at most 7 parameters and 10 let bindings), conditions are booleans, and every `allow` becomes a
 * block under its full match pattern.
 */
import type {
  AllowDecl,
  CallExpr,
  Expr,
  FunctionDecl,
  MatchDecl,
  MatchSegment,
  RulesFile,
} from './ast.js';
import { GLOBAL_FUNCTIONS, NAMESPACES, TYPE_NAMES, own } from './builtins.js';
import type { RulesMethod, RulesSyntaxError } from './contract.js';
import { inferType } from './types.js';

const MAX_FUNCTION_ARGS = 7;
const MAX_LET_BINDINGS = 10;

const METHOD_GROUPS: { [name: string]: RulesMethod[] } = {
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
};

export interface CompiledAllow {
  methods: Set<RulesMethod>;
  cond: Expr | null;
  line: number;
  /** The allow's method names as written (for traces). */
  names: string[];
}

export interface Block {
  pattern: MatchSegment[];
  allows: CompiledAllow[];
}

interface Scope {
  functions: Map<string, FunctionDecl>;
  vars: Set<string>;
  parent: Scope | null;
}

type Loc = { line: number; column: number };
type BodyItem = MatchDecl | FunctionDecl | AllowDecl;

function findFunction(scope: Scope | null, name: string): FunctionDecl | undefined {
  for (let s = scope; s; s = s.parent) {
    const f = s.functions.get(name);
    if (f) return f;
  }
  return undefined;
}

function hasVar(scope: Scope | null, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.vars.has(name)) return true;
  return false;
}

/** The sub-expressions `checkExpr` visits, for the kinds that only need their parts checked. */
function childrenOf(e: Expr): Expr[] {
  switch (e.k) {
    case 'lit':
    case 'bytes':
    case 'id':
    case 'call':
      return [];
    case 'member':
      return [e.obj];
    case 'index':
      return [e.obj, e.index];
    case 'slice':
      return [e.obj, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'not':
    case 'neg':
    case 'is':
      return [e.arg];
    case 'bin':
    case 'and':
    case 'or':
      return [e.left, e.right];
    case 'cond':
      return [e.test, e.then, e.otherwise];
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flat();
    case 'path':
      return e.parts.filter((p): p is Expr => typeof p !== 'string');
  }
}

/** One file's compilation: its errors, the blocks it flattens to, and the function call graph. */
class Compiler {
  readonly blocks: Block[] = [];
  private readonly calls = new Map<FunctionDecl, Set<FunctionDecl>>();
  private currentFn: FunctionDecl | null = null;

  constructor(
    private readonly fileName: string,
    private readonly version: string,
    private readonly errors: RulesSyntaxError[],
  ) {}

  readonly err = (loc: Loc, message: string): void => {
    this.errors.push({ file: this.fileName, line: loc.line, column: loc.column, message });
  };

  checkExpr(e: Expr, scope: Scope): void {
    if (e.k === 'call') {
      this.checkCall(e, scope);
      return;
    }
    if (e.k === 'id' && !hasVar(scope, e.name)) this.err(e.loc, `Unknown variable '${e.name}'.`);
    for (const child of childrenOf(e)) this.checkExpr(child, scope);
    if (e.k === 'is' && !TYPE_NAMES.has(e.type)) this.err(e.loc, `Unknown type '${e.type}'.`);
  }

  private checkArity(e: CallExpr, name: string, counts: number[]): void {
    if (!counts.includes(e.args.length)) {
      this.err(
        e.callee.loc,
        `Function ${name} expects ${counts.join(' or ')} argument(s), got ${e.args.length}.`,
      );
    }
  }

  /** Resolves a call to a rules function, a global built-in or a namespaced one, or a method. */
  private checkCall(e: CallExpr, scope: Scope): void {
    e.args.forEach((a) => this.checkExpr(a, scope));
    const callee = e.callee;
    if (callee.k === 'id') {
      const fn = findFunction(scope, callee.name);
      if (fn) {
        e.fn = fn;
        if (this.currentFn) this.calls.get(this.currentFn)?.add(fn);
        this.checkArity(e, callee.name, [fn.params.length]);
      } else if (own(GLOBAL_FUNCTIONS, callee.name)) {
        e.builtin = callee.name;
        this.checkArity(e, callee.name, GLOBAL_FUNCTIONS[callee.name]);
      } else {
        this.err(callee.loc, `Function not found error: Name: [${callee.name}].`);
      }
      return;
    }
    if (
      callee.k === 'member' &&
      callee.obj.k === 'id' &&
      NAMESPACES.has(callee.obj.name) &&
      !hasVar(scope, callee.obj.name)
    ) {
      const name = `${callee.obj.name}.${callee.name}`;
      if (own(GLOBAL_FUNCTIONS, name)) {
        e.builtin = name;
        this.checkArity(e, name, GLOBAL_FUNCTIONS[name]);
      } else this.err(callee.loc, `Function not found error: Name: [${name}].`);
      return;
    }
    if (callee.k === 'member') this.checkExpr(callee.obj, scope);
    else this.err(e.loc, 'Only functions and methods can be called.');
  }

  private checkFunction(fn: FunctionDecl, scope: Scope): void {
    if (fn.params.length > MAX_FUNCTION_ARGS) {
      this.err(fn.loc, `Function ${fn.name} has more than ${MAX_FUNCTION_ARGS} parameters.`);
    }
    if (fn.lets.length > MAX_LET_BINDINGS) {
      this.err(fn.loc, `Function ${fn.name} has more than ${MAX_LET_BINDINGS} let bindings.`);
    }
    this.calls.set(fn, new Set());
    this.currentFn = fn;
    const fscope: Scope = { functions: new Map(), vars: new Set(fn.params), parent: scope };
    for (const l of fn.lets) {
      this.checkExpr(l.value, fscope);
      fscope.vars.add(l.name);
    }
    this.checkExpr(fn.body, fscope);
    fn.lets.forEach((l) => inferType(l.value, this.err));
    inferType(fn.body, this.err);
    this.currentFn = null;
  }

  /** Reports every cycle in the call graph (functions may not call themselves, even indirectly). */
  reportRecursion(): void {
    const state = new Map<FunctionDecl, 'visiting' | 'done'>();
    const visit = (fn: FunctionDecl, stack: FunctionDecl[]): void => {
      state.set(fn, 'visiting');
      for (const next of this.calls.get(fn) ?? []) {
        if (state.get(next) === 'visiting') {
          const path = [...stack, fn];
          const cycle = [...path.slice(path.indexOf(next)), next].map((f) => f.name);
          this.err(next.loc, `Recursive function calls are not allowed: ${cycle.join(' -> ')}.`);
        } else if (!state.has(next)) visit(next, [...stack, fn]);
      }
      state.set(fn, 'done');
    };
    for (const fn of this.calls.keys()) if (!state.has(fn)) visit(fn, []);
  }

  private compileAllow(item: AllowDecl, scope: Scope, prefix: MatchSegment[]): CompiledAllow {
    if (prefix.length === 0) this.err(item.loc, 'allow statements must be inside a match block.');
    const methods = new Set<RulesMethod>();
    for (const m of item.methods) {
      const group = own(METHOD_GROUPS, m.name);
      if (!group)
        this.err(
          m.loc,
          `Unexpected method '${m.name}': expected get, list, read, create, update, delete or write.`,
        );
      else group.forEach((g) => methods.add(g));
    }
    if (item.cond) {
      this.checkExpr(item.cond, scope);
      const t = inferType(item.cond, this.err);
      if (t !== null && t !== 'bool') {
        this.err(item.cond.loc, `Condition must be a boolean, got ${t}.`);
      }
    }
    return {
      methods,
      cond: item.cond,
      line: (item.cond ?? item).loc.line,
      names: item.methods.map((m) => m.name),
    };
  }

  /** The variables a match path binds (checking duplicates and where `**` may stand). */
  private matchVariables(item: MatchDecl): Set<string> {
    const vars = new Set<string>();
    item.path.forEach((seg, i) => {
      if (seg.kind === 'lit') return;
      if (vars.has(seg.name)) this.err(seg.loc, `Duplicate variable '${seg.name}' in match path.`);
      vars.add(seg.name);
      if (seg.kind === 'rest' && this.version !== '2' && i !== item.path.length - 1) {
        this.err(seg.loc, 'Recursive wildcards must be the last path segment in rules_version 1.');
      }
    });
    return vars;
  }

  /** A service or match body: its functions first (visible to the whole body), then its allows, then nested matches. */
  visitBody(body: BodyItem[], scope: Scope, prefix: MatchSegment[]): void {
    for (const item of body) {
      if (item.kind === 'function') {
        if (scope.functions.has(item.name))
          this.err(item.loc, `Duplicate function '${item.name}'.`);
        scope.functions.set(item.name, item);
      }
    }
    for (const item of body) if (item.kind === 'function') this.checkFunction(item, scope);
    const allows: CompiledAllow[] = [];
    for (const item of body) {
      if (item.kind === 'allow') allows.push(this.compileAllow(item, scope, prefix));
    }
    if (allows.length) this.blocks.push({ pattern: prefix, allows });
    for (const item of body) {
      if (item.kind !== 'match') continue;
      const vars = this.matchVariables(item);
      this.visitBody(item.body, { functions: new Map(), vars, parent: scope }, [
        ...prefix,
        ...item.path,
      ]);
    }
  }
}

/** Checks `file`, adding what is wrong to `errors`, and flattens it into blocks of allows. */
export function compile(file: RulesFile, fileName: string, errors: RulesSyntaxError[]): Block[] {
  const version = typeof file.version === 'string' ? file.version : file.version.value;
  const compiler = new Compiler(fileName, version, errors);
  if (typeof file.version !== 'string' && version !== '1' && version !== '2') {
    compiler.err(file.version.loc, `Unsupported rules_version '${version}': use '1' or '2'.`);
  }
  if (file.service.name !== 'cloud.firestore') {
    compiler.err(
      file.service.loc,
      `Unexpected service '${file.service.name}': expected 'cloud.firestore'.`,
    );
  }
  const root: Scope = {
    functions: new Map(),
    vars: new Set(['request', 'resource']),
    parent: null,
  };
  compiler.visitBody(file.service.body, root, []);
  compiler.reportRecursion();
  return compiler.blocks;
}
