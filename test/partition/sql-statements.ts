/**
 * The SQL statements written in the application's source, read statically (no database): every
 * string or template literal that starts like a statement (select, insert, update, delete, with).
 * A template's `${…}` parts are filled in where they can be worked out from the source — a
 * constant, or a call of an arrow function or function returning a template, in the same file
 * or imported from another of ours (e.g. `tenantCondition('$2', '$3')`, `ELIGIBLE`) — and left
 * as OPAQUE where they cannot (a runtime value, a conditional).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** A part whose text cannot be told; a name or property the source does not fix is kept as ⟨its expression⟩, so two uses of one value read alike. */
export const OPAQUE = '⟨?⟩';

export interface SqlStatement {
  /** Repository-relative path. */
  file: string;
  line: number;
  /** The statement, fragments filled in, whitespace collapsed, lower case. */
  text: string;
}

const STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const TOUCHES_TABLE = /\b(from|into|update|join)\b/i;

type Scope = Map<string, string>;

class SourceIndex {
  private readonly files = new Map<string, ts.SourceFile>();
  constructor(private readonly root: string) {}

  source(file: string): ts.SourceFile | undefined {
    if (!this.files.has(file)) {
      let text: string;
      try {
        text = readFileSync(join(this.root, file), 'utf8');
      } catch {
        return undefined;
      }
      this.files.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
    }
    return this.files.get(file);
  }

  /** The declaration (initializer or function) a top-level name of `file` stands for, following relative imports. */
  declaration(file: string, name: string, depth = 0): { file: string; node: ts.Node } | undefined {
    const source = this.source(file);
    if (!source || depth > 5) return undefined;
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return { file, node: declaration.initializer };
        }
      }
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { file, node: statement };
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('.')) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (element.name.text !== name) continue;
            const target = join(dirname(file), statement.moduleSpecifier.text).replace(/\.js$/, '.ts');
            return this.declaration(target, (element.propertyName ?? element.name).text, depth + 1);
          }
        }
      }
    }
    return undefined;
  }

  /** The text an expression stands for, OPAQUE where it cannot be told. */
  evaluate(file: string, node: ts.Node, scope: Scope, depth = 0): string {
    if (depth > 10) return OPAQUE;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return node.text;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return this.evaluate(file, node.expression, scope, depth + 1);
    if (ts.isTemplateExpression(node)) {
      return node.head.text + node.templateSpans.map((span) => this.evaluate(file, span.expression, scope, depth + 1) + span.literal.text).join('');
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return this.evaluate(file, node.left, scope, depth + 1) + this.evaluate(file, node.right, scope, depth + 1);
    }
    if (ts.isIdentifier(node)) {
      if (scope.has(node.text)) return scope.get(node.text)!;
      const local = localConstant(node);
      if (local) return local.property ? this.member(file, local.initializer, local.property, scope, depth + 1) : this.evaluate(file, local.initializer, scope, depth + 1);
      const found = this.declaration(file, node.text);
      return found && !isFunction(found.node) ? this.evaluate(found.file, found.node, new Map(), depth + 1) : `⟨${node.text}⟩`;
    }
    if (ts.isPropertyAccessExpression(node)) return `⟨${node.getText().replace(/\s+/g, '')}⟩`;
    if (ts.isCallExpression(node)) {
      const called = this.call(file, node, scope, depth);
      return called ? this.evaluate(called.file, called.body, called.scope, depth + 1) : OPAQUE;
    }
    return OPAQUE;
  }

  /** A call of one of our functions that returns one expression: that expression, its parameters bound to the arguments' text. */
  private call(file: string, node: ts.CallExpression, scope: Scope, depth: number): { file: string; body: ts.Expression; scope: Scope } | undefined {
    if (!ts.isIdentifier(node.expression)) return undefined;
    const found = this.declaration(file, node.expression.text);
    if (!found || !isFunction(found.node)) return undefined;
    const fn = found.node;
    const body = ts.isArrowFunction(fn) && !ts.isBlock(fn.body) ? fn.body : singleReturn(fn);
    if (!body) return undefined;
    const bound: Scope = new Map();
    fn.parameters.forEach((parameter, i) => {
      if (ts.isIdentifier(parameter.name)) bound.set(parameter.name.text, node.arguments[i] ? this.evaluate(file, node.arguments[i], scope, depth + 1) : OPAQUE);
    });
    return { file: found.file, body, scope: bound };
  }

  /** `const { sql } = where(…)`: the text of the property `sql` of the object the call returns. */
  private member(file: string, node: ts.Expression, property: string, scope: Scope, depth: number): string {
    const called = ts.isCallExpression(node) ? this.call(file, node, scope, depth) : undefined;
    const object = called && ts.isParenthesizedExpression(called.body) ? called.body.expression : called?.body;
    if (!called || !object || !ts.isObjectLiteralExpression(object)) return OPAQUE;
    for (const element of object.properties) {
      if (ts.isPropertyAssignment(element) && ts.isIdentifier(element.name) && element.name.text === property) return this.evaluate(called.file, element.initializer, called.scope, depth + 1);
    }
    return OPAQUE;
  }
}

/** The initializer of a `const` of that name declared in a block around the identifier (a function's local fragment), and the property it takes when destructured. */
function localConstant(identifier: ts.Identifier): { initializer: ts.Expression; property?: string } | undefined {
  for (let block: ts.Node | undefined = identifier.parent; block && !ts.isSourceFile(block); block = block.parent) {
    if (!ts.isBlock(block)) continue;
    for (const statement of block.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!declaration.initializer) continue;
        if (ts.isIdentifier(declaration.name) && declaration.name.text === identifier.text) return { initializer: declaration.initializer };
        if (ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) {
            if (ts.isIdentifier(element.name) && element.name.text === identifier.text) {
              return { initializer: declaration.initializer, property: element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text };
            }
          }
        }
      }
    }
  }
  return undefined;
}

function isFunction(node: ts.Node): node is ts.ArrowFunction | ts.FunctionDeclaration | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node);
}

function singleReturn(fn: ts.ArrowFunction | ts.FunctionDeclaration | ts.FunctionExpression): ts.Expression | undefined {
  const statements = fn.body && ts.isBlock(fn.body) ? fn.body.statements : undefined;
  const only = statements?.length === 1 ? statements[0] : undefined;
  return only && ts.isReturnStatement(only) ? only.expression : undefined;
}

export const normalise = (text: string) => text.replace(/--[^\n]*/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

/** Every statement written in `files` (repository-relative paths under `root`). */
export function sqlStatements(root: string, files: string[]): SqlStatement[] {
  const index = new SourceIndex(root);
  const found: SqlStatement[] = [];
  for (const file of files) {
    const source = index.source(relative(root, join(root, file)));
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const head = ts.isTemplateExpression(node) ? node.head.text : node.text;
        // A template opening with a fragment (`${parts.write}`) is judged on its filled-in text.
        const text = head.trim() === '' || STATEMENT.test(head) ? index.evaluate(file, node, new Map()) : head;
        // An insert's head alone (`insert into t (…)`, its rows joined on elsewhere) is judged where it is used.
        const head_only = /^\s*insert into\s+"?\w+"?\s*\([^)]*\)\s*$/i.test(text);
        if (STATEMENT.test(text) && TOUCHES_TABLE.test(text) && !head_only) {
          found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: normalise(text) });
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
