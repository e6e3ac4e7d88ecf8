// Shapes of the service calls routes make: `node scripts/service-shapes.mjs [--calls] [--shape <s>]`.
// Scans apps/server/src/modules/**/*.routes.ts for calls of functions imported from a *.service.ts
// file or from use-cases/, and classifies each by its leading arguments: the request's scope
// (`c.get(key)` for every key of AppEnv's Variables in http/types.ts whose type is a `…Scope`:
// the studio's, the member's, the kiosk's, …; a local holding one, or named `studio`/`scope`;
// `{ ...scope, more }`), its db or unit beside it (`studio.db`,
// `studio.work`), the app's deps or a db, the signed-in user, then `…` for the input (a call
// without input counts as the same shape). Prints the count per shape, the share
// of the largest, and how many calls pass the studio's db beside the studio (issue 27: services
// take (scope, input)). A function declared to return an `AppError` (an error's builder, e.g.
// `paymentFailedError`) is no entry point: its calls are counted apart, not as a shape.
// `--calls` lists every call with its shape; `--shape` only that shape's.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/** The server's source folder (apps/server/src). */
export const SERVER_SRC = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src',
);

const isServiceSpecifier = (s) => /\.service(\.ts)?$/.test(s) || /(^|\/)use-cases\//.test(s);

/**
 * The request's scopes: every `c.get` key of AppEnv's Variables (http/types.ts) whose type is
 * an interface named `…Scope` (StudioScope, MemberScope, KioskScope, …), read from the source
 * so a scope the context layer adds is known here without editing this list.
 */
function scopeKeys(root) {
  const file = path.join(root, 'http/types.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const keys = new Set();
  for (const st of source.statements) {
    if (!ts.isInterfaceDeclaration(st) || st.name.text !== 'AppEnv') continue;
    for (const member of st.members) {
      if (!ts.isPropertySignature(member) || member.name?.text !== 'Variables') continue;
      if (!member.type || !ts.isTypeLiteralNode(member.type)) continue;
      for (const v of member.type.members)
        if (
          ts.isPropertySignature(v) &&
          v.type &&
          ts.isTypeReferenceNode(v.type) &&
          /Scope$/.test(v.type.typeName.getText(source))
        )
          keys.add(v.name.getText(source));
    }
  }
  if (keys.size === 0) throw new Error(`no …Scope variables found in ${file}`);
  return keys;
}
let SCOPE_KEYS = new Set();

/** Exported functions of a service file declared to return an AppError: error builders. */
const errorBuilders = new Map();
function errorBuildersOf(fromFile, specifier) {
  let target = path.resolve(path.dirname(fromFile), specifier);
  if (!target.endsWith('.ts')) target += '.ts';
  if (!errorBuilders.has(target)) {
    const names = new Set();
    if (fs.existsSync(target)) {
      const source = ts.createSourceFile(
        target,
        fs.readFileSync(target, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      for (const st of source.statements)
        if (ts.isFunctionDeclaration(st) && st.name && st.type?.getText(source) === 'AppError')
          names.add(st.name.text);
    }
    errorBuilders.set(target, names);
  }
  return errorBuilders.get(target);
}

/** `c.get('<key>')` → key, else null. */
function getKey(node) {
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'get' &&
    node.arguments.length === 1 &&
    ts.isStringLiteral(node.arguments[0])
  )
    return node.arguments[0].text;
  return null;
}

/** What a leading argument is; null when it is input. `locals` maps local names to kinds. */
function kindOf(node, locals) {
  while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  const key = getKey(node);
  if (key && SCOPE_KEYS.has(key)) return 'scope';
  if (key === 'deps') return 'deps';
  if (key === 'user') return 'user';
  if (ts.isIdentifier(node)) return locals.get(node.text) ?? null;
  if (ts.isPropertyAccessExpression(node)) {
    const base = kindOf(node.expression, locals);
    if (base === 'scope' && node.name.text === 'db') return 'studio.db';
    if (base === 'scope' && node.name.text === 'work') return 'studio.work';
    if (base === 'deps' && node.name.text === 'database') return 'database';
    if (base === 'database' && node.name.text === 'db') return 'db';
    if (base === 'scope' && node.name.text === 'organizationId') return 'organizationId';
  }
  if (ts.isObjectLiteralExpression(node)) {
    // `{ ...studio, db: x }`: a scope built from the studio.
    if (
      node.properties.some(
        (p) => ts.isSpreadAssignment(p) && kindOf(p.expression, locals) === 'scope',
      )
    )
      return 'scope';
  }
  return null;
}

/**
 * Every call a route file makes of a service or use case: `{ where, fn, shape, lead }`, `lead`
 * the kinds of its leading arguments; and how many route files and error-builder calls.
 */
export function serviceCalls(root = SERVER_SRC) {
  SCOPE_KEYS = scopeKeys(root);
  const files = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.routes.ts')) files.push(p);
    }
  })(path.join(root, 'modules'));
  files.sort();
  const calls = [];
  let errorBuilderCalls = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imported = new Map();
    for (const st of source.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      if (!isServiceSpecifier(st.moduleSpecifier.text)) continue;
      const named = st.importClause?.namedBindings;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements)
          if (!el.isTypeOnly && !st.importClause.isTypeOnly)
            imported.set(el.name.text, {
              specifier: st.moduleSpecifier.text,
              errorBuilder: errorBuildersOf(file, st.moduleSpecifier.text).has(
                (el.propertyName ?? el.name).text,
              ),
            });
    }
    if (imported.size === 0) continue;

    // Names that hold the scope, deps or a db anywhere in the file (routes use one name per thing).
    // `studio` and `scope` are taken for the scope (a handler's parameter) unless the file
    // declares them as something else (`const { slug: studio } = …` is a slug).
    const locals = new Map([
      ['studio', 'scope'],
      ['scope', 'scope'],
    ]);
    const declared = new Set();
    const other = new Set();
    const note = (name, kind) => {
      if (kind) {
        locals.set(name, kind);
        declared.add(name);
      } else other.add(name);
    };
    (function collect(node) {
      if (ts.isVariableDeclaration(node) && node.initializer) {
        if (ts.isIdentifier(node.name)) {
          note(node.name.text, kindOf(node.initializer, locals));
        } else if (ts.isObjectBindingPattern(node.name)) {
          const base = kindOf(node.initializer, locals);
          for (const el of node.name.elements) {
            const prop = el.propertyName?.getText(source) ?? el.name.getText(source);
            let kind = null;
            if (base === 'deps' && prop === 'database') kind = 'database';
            if (base === 'scope' && prop === 'db') kind = 'studio.db';
            if (base === 'database' && prop === 'db') kind = 'db';
            note(el.name.getText(source), kind);
          }
        }
      }
      ts.forEachChild(node, collect);
    })(source);
    for (const name of other) if (!declared.has(name)) locals.delete(name);
    if (!locals.has('db') && !other.has('db')) locals.set('db', 'db');
    if (!locals.has('deps') && !other.has('deps')) locals.set('deps', 'deps');

    (function visit(node) {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        imported.has(node.expression.text)
      ) {
        if (imported.get(node.expression.text).errorBuilder) {
          errorBuilderCalls++;
          ts.forEachChild(node, visit);
          return;
        }
        const lead = [];
        for (const arg of node.arguments) {
          const kind = kindOf(arg, locals);
          if (!kind) break;
          lead.push(kind);
        }
        // A call with no input has the shape of one with input: `(scope)` is `(scope, …)`.
        const shape = `(${[...lead, '…'].join(', ')})`;
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        calls.push({
          where: `${path.relative(root, file)}:${line + 1}`,
          fn: node.expression.text,
          shape,
          lead,
        });
      }
      ts.forEachChild(node, visit);
    })(source);
  }
  return { files: files.length, calls, errorBuilderCalls };
}

function main() {
  const root = path.resolve(
    process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : SERVER_SRC,
  );
  const listCalls = process.argv.includes('--calls');
  const onlyShape = process.argv.includes('--shape')
    ? process.argv[process.argv.indexOf('--shape') + 1]
    : null;
  const { files, calls, errorBuilderCalls } = serviceCalls(root);
  const shapes = new Map();
  for (const c of calls) shapes.set(c.shape, (shapes.get(c.shape) ?? 0) + 1);
  const dbBesideStudio = calls.filter(
    (c) => c.lead.includes('studio.db') && c.lead.includes('scope'),
  ).length;
  const studioDb = calls.filter((c) => c.lead.includes('studio.db')).length;
  const total = calls.length;
  const sorted = [...shapes].sort((a, b) => b[1] - a[1]);
  if (listCalls || onlyShape)
    for (const c of calls)
      if (!onlyShape || c.shape === onlyShape)
        console.log(`${c.shape.padEnd(28)} ${c.fn.padEnd(36)} ${c.where}`);
  console.log(
    `service calls in ${files} route files: ${total} (and ${errorBuilderCalls} calls of error builders, not counted)`,
  );
  for (const [shape, n] of sorted)
    console.log(
      `  ${String(n).padStart(4)}  ${((100 * n) / total).toFixed(1).padStart(5)}%  ${shape}`,
    );
  console.log(
    `shapes: ${sorted.length}; largest: ${sorted[0]?.[0]} ${((100 * (sorted[0]?.[1] ?? 0)) / total).toFixed(0)}%`,
  );
  console.log(`calls passing the studio's db beside the studio: ${dbBesideStudio}`);
  console.log(`calls passing the studio's db at all: ${studioDb}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main();
