// The rules map (docs/RULES.md and docs/rules/*.md) is checked against the code: every table
// with code and test columns has the header `| rule | code | test |`; each code reference is
// `path/from/root.ts:symbol` (a top-level name defined in that file; `Class#member` for a
// class member) or a data/example path; each test reference is
// `path/from/root.test.ts` › "the it()/test() title exactly as written" (`\"` for a quote,
// `\|` for a pipe). `not done` stands for code or test of a rule deliberately not done.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rulesDir = join(root, 'docs', 'rules');

interface MapRow {
  line: number;
  cells: string[];
}

interface MapTable {
  line: number;
  header: string[];
  rows: MapRow[];
}

/** Splits a markdown table line on unescaped pipes. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\' && line[i + 1] === '|') {
      cur += '\\|';
      i++;
    } else if (ch === '|') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  // a row starts and ends with a pipe: drop the empty outer cells
  return cells.slice(1, -1).map((c) => c.trim());
}

/** Every table (header, separator, rows) in a markdown text. */
function tablesOf(text: string): MapTable[] {
  const lines = text.split('\n');
  const tables: MapTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    const sep = (lines[i + 1] ?? '').trim();
    if (!l.startsWith('|')) continue;
    if (!/^\|(\s*:?-+:?\s*\|)+$/.test(sep)) {
      // a row with no header above it (e.g. cut off by a blank line): not a table in markdown
      tables.push({ line: i + 1, header: [], rows: [{ line: i + 1, cells: splitRow(l) }] });
      continue;
    }
    const table: MapTable = { line: i + 1, header: splitRow(l), rows: [] };
    let j = i + 2;
    // blank lines inside a table end it; a following table is a new one
    while (j < lines.length && lines[j].trim().startsWith('|')) {
      table.rows.push({ line: j + 1, cells: splitRow(lines[j].trim()) });
      j++;
    }
    tables.push(table);
    i = j - 1;
  }
  return tables;
}

const cache = new Map<string, ts.SourceFile>();
function sourceOf(path: string): ts.SourceFile {
  let sf = cache.get(path);
  if (!sf) {
    sf = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
    cache.set(path, sf);
  }
  return sf;
}

function bindingNames(name: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
}

/** Top-level names a file defines (functions, classes, variables, enums, types, export names). */
function topLevelNames(path: string): Set<string> {
  const out = new Set<string>();
  for (const st of sourceOf(path).statements) {
    if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isEnumDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isTypeAliasDeclaration(st)) &&
      st.name
    )
      out.add(st.name.text);
    else if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) bindingNames(d.name, out);
    else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause))
      for (const el of st.exportClause.elements) out.add(el.name.text);
  }
  return out;
}

/** Member names (methods, properties, accessors, static or not) of a top-level class. */
function classMembers(path: string, cls: string): Set<string> | undefined {
  for (const st of sourceOf(path).statements) {
    if (!ts.isClassDeclaration(st) || st.name?.text !== cls) continue;
    const out = new Set<string>();
    for (const m of st.members) if (m.name && (ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name))) out.add(m.name.text);
    return out;
  }
  return undefined;
}

function rootIdentifier(e: ts.Expression): string | undefined {
  let cur: ts.Expression = e;
  for (;;) {
    if (ts.isIdentifier(cur)) return cur.text;
    if (ts.isPropertyAccessExpression(cur) || ts.isCallExpression(cur)) cur = cur.expression;
    else return undefined;
  }
}

/** The titles of every it()/test() call (it.each, test.prop... included) in a test file. */
function testTitles(path: string): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.arguments.length > 0) {
      const name = rootIdentifier(n.expression);
      const first = n.arguments[0];
      if ((name === 'it' || name === 'test') && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
        out.add(first.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sourceOf(path));
  return out;
}

const CODE_REF = /^([\w.\-/]+\.(?:ts|json|yaml|yml))(?::([\w$]+)(?:#([\w$]+))?)?$/;
const TEST_REF = /`([^`]+)` › "((?:[^"\\]|\\.)*)"/g;
const unescapeTitle = (s: string): string => s.replace(/\\(["|\\])/g, '$1');
const notDone = (cell: string): boolean => /^not done\b/.test(cell);

function checkCode(cell: string): string[] {
  if (notDone(cell)) return [];
  const spans = [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  if (spans.length === 0) return ['code: no `path:symbol` reference'];
  const problems: string[] = [];
  for (const ref of spans) {
    const m = CODE_REF.exec(ref);
    if (!m) {
      problems.push(`code: \`${ref}\` is not a path/from/root.ts:symbol reference`);
      continue;
    }
    const [, path, symbol, member] = m;
    if (!existsSync(join(root, path))) {
      problems.push(`code: file ${path} does not exist`);
      continue;
    }
    if (!path.endsWith('.ts')) {
      if (symbol) problems.push(`code: ${path} is not TypeScript; give the path alone`);
      continue;
    }
    if (!symbol) {
      problems.push(`code: ${path} needs a :symbol`);
      continue;
    }
    if (!topLevelNames(path).has(symbol)) {
      problems.push(`code: ${path} defines no top-level "${symbol}"`);
      continue;
    }
    if (member) {
      const members = classMembers(path, symbol);
      if (!members) problems.push(`code: "${symbol}" in ${path} is not a class (for #${member})`);
      else if (!members.has(member)) problems.push(`code: class ${symbol} in ${path} has no member "${member}"`);
    }
  }
  return problems;
}

function checkTest(cell: string): string[] {
  if (notDone(cell)) return [];
  const refs = [...cell.matchAll(TEST_REF)];
  if (refs.length === 0) return ['test: no `path.test.ts` › "title" reference'];
  const problems: string[] = [];
  for (const [, path, raw] of refs) {
    const title = unescapeTitle(raw);
    if (!/\.test\.ts$/.test(path)) problems.push(`test: \`${path}\` is not a .test.ts path`);
    else if (!existsSync(join(root, path))) problems.push(`test: file ${path} does not exist`);
    else if (!testTitles(path).has(title)) problems.push(`test: ${path} has no it()/test() titled "${title}"`);
  }
  const rest = cell.replace(TEST_REF, '');
  if (/["`]/.test(rest)) problems.push(`test: text outside the references (a title without its path?): ${rest.trim()}`);
  return problems;
}

/** Every problem of one docs/rules file: doc, line, rule and what is missing. */
function checkRulesDoc(file: string): string[] {
  const text = readFileSync(join(rulesDir, file), 'utf8');
  const problems: string[] = [];
  let mapTables = 0;
  for (const t of tablesOf(text)) {
    if (t.header.length === 0) {
      problems.push(`docs/rules/${file}:${t.line}: table row outside a table (no header and separator above it)`);
      continue;
    }
    const header = t.header.map((h) => h.toLowerCase());
    if (!header.includes('code') && !header.includes('test')) continue; // e.g. dice.md's API table
    mapTables++;
    if (header.join('|') !== 'rule|code|test') {
      problems.push(`docs/rules/${file}:${t.line}: table header is | ${t.header.join(' | ')} |, expected | rule | code | test |`);
      continue;
    }
    for (const row of t.rows) {
      const where = `docs/rules/${file}:${row.line} (${(row.cells[0] ?? '').slice(0, 60)})`;
      if (row.cells.length !== 3) {
        problems.push(`${where}: ${row.cells.length} cells, expected 3`);
        continue;
      }
      const [rule, code, test] = row.cells;
      if (rule === '') problems.push(`${where}: empty rule`);
      for (const p of [...checkCode(code), ...checkTest(test)]) problems.push(`${where}: ${p}`);
    }
  }
  if (mapTables === 0) problems.push(`docs/rules/${file}: no | rule | code | test | table`);
  return problems;
}

const docs = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('rules map: docs/rules/*.md point at code and tests that exist', () => {
  it('finds the rule maps', () => {
    expect(docs.length).toBeGreaterThanOrEqual(7);
  });

  it('docs/RULES.md links every docs/rules/*.md', () => {
    const index = readFileSync(join(root, 'docs', 'RULES.md'), 'utf8');
    const missing = docs.filter((f) => !index.includes(`](rules/${f})`));
    expect(missing, 'docs/rules files not linked from docs/RULES.md').toEqual([]);
  });

  it.each(docs)('%s: every code and test reference resolves', (file) => {
    expect(checkRulesDoc(file), `stale or malformed references in docs/rules/${file}`).toEqual([]);
  });
});

describe('rules map checker catches what it should', () => {
  it('reads tables, escaped pipes and the three reference kinds', () => {
    const t = tablesOf('x\n| rule | code | test |\n|---|---|---|\n| a \\| b | c | d |\n\n| n | m |\n|---|---|\n| 1 | 2 |\n');
    expect(t.map((x) => x.header)).toEqual([['rule', 'code', 'test'], ['n', 'm']]);
    expect(t[0].rows[0]).toEqual({ line: 4, cells: ['a \\| b', 'c', 'd'] });
    expect(tablesOf('| a | b |\n\n| c | d |\n')[1]).toEqual({ line: 3, header: [], rows: [{ line: 3, cells: ['c', 'd'] }] });
  });

  it('flags a misspelt symbol, a missing file and a title that is not in the test file', () => {
    expect(checkCode('`src/core/rng.ts:seedRng`')).toEqual([]);
    expect(checkCode('`src/core/rng.ts:seedRgn`')).toEqual(['code: src/core/rng.ts defines no top-level "seedRgn"']);
    expect(checkCode('`src/core/nope.ts:x`')).toEqual(['code: file src/core/nope.ts does not exist']);
    expect(checkCode('`rng.ts:seedRng`')).toEqual(['code: file rng.ts does not exist']);
    expect(checkCode('`src/core/rng.ts`')).toEqual(['code: src/core/rng.ts needs a :symbol']);
    expect(checkCode('`src/core/dice/exact.ts:Dist#chain`')).toEqual([]);
    expect(checkCode('`src/core/dice/exact.ts:Dist#chian`')).toEqual([
      'code: class Dist in src/core/dice/exact.ts has no member "chian"',
    ]);
    expect(checkCode('not done (no reference entry)')).toEqual([]);
    const ok = '`src/core/rng.test.ts` › "property: same seed, same sequence"';
    expect(checkTest(ok)).toEqual([]);
    expect(checkTest(ok.replace('same seed', 'same sead'))).toEqual([
      'test: src/core/rng.test.ts has no it()/test() titled "property: same sead, same sequence"',
    ]);
    expect(checkTest(`${ok}; "a title without its path"`)).toHaveLength(1);
    expect(checkTest('rng.test.ts "same seed"')).toEqual(['test: no `path.test.ts` › "title" reference']);
  });
});
