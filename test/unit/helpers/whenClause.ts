/**
 * Evaluates a VS Code `when` clause against a context, as the workbench does, for the operators
 * package.json uses: `||` (lowest), `&&`, `!`, parentheses, `key =~ /regex/flags`, `key == value`,
 * `key != value` and a bare key (true when its value is truthy). Anything else throws, so a clause
 * that starts using another operator fails its test instead of being misread.
 */

export type WhenContext = Record<string, string | boolean | undefined>;

const TOKEN = /\s*(\|\||&&|!=|==|=~|!|\(|\)|\/(?:\\.|[^/\\])+\/[a-z]*|[A-Za-z_][\w.]*|'[^']*'|\S)/y;

function tokens(clause: string): string[] {
  const found: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < clause.length) {
    const m = TOKEN.exec(clause);
    if (!m) break;
    found.push(m[1]!);
  }
  return found;
}

export function evaluateWhen(clause: string, context: WhenContext): boolean {
  const list = tokens(clause);
  let at = 0;
  const peek = (): string | undefined => list[at];
  const take = (expected?: string): string => {
    const token = list[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`when clause ${clause}: expected ${expected ?? 'more'} at token ${at}`);
    return token;
  };
  const or = (): boolean => {
    let value = and();
    while (peek() === '||') {
      take();
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = unary();
    while (peek() === '&&') {
      take();
      value = unary() && value;
    }
    return value;
  };
  const unary = (): boolean => {
    if (peek() === '!') {
      take();
      return !unary();
    }
    if (peek() === '(') {
      take();
      const value = or();
      take(')');
      return value;
    }
    return comparison();
  };
  const comparison = (): boolean => {
    const key = take();
    if (!/^[A-Za-z_]/.test(key)) throw new Error(`when clause ${clause}: unexpected ${key}`);
    const value = context[key];
    const operator = peek();
    if (operator === '=~') {
      take();
      const literal = take();
      const slash = literal.lastIndexOf('/');
      if (!literal.startsWith('/') || slash === 0) throw new Error(`when clause ${clause}: ${literal} is not a regular expression`);
      return typeof value === 'string' && new RegExp(literal.slice(1, slash), literal.slice(slash + 1)).test(value);
    }
    if (operator === '==' || operator === '!=') {
      take();
      const literal = take().replace(/^'(.*)'$/, '$1');
      return (String(value) === literal) === (operator === '==');
    }
    return Boolean(value);
  };
  const result = or();
  if (at !== list.length) throw new Error(`when clause ${clause}: unexpected ${list[at]}`);
  return result;
}
