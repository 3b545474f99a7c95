/**
 * The client's route table (client/src/app/router.tsx, `export const routes`), read from its source
 * with the TypeScript parser: the router module itself cannot be imported here (it pulls in the
 * pages, their CSS and the browser), but its object literals name every path. Journeys that must
 * cover every route (reflow.spec.ts) take their list from here, so a new route is covered, or the
 * journey fails until it says how to visit it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROUTER_SOURCE = path.resolve(import.meta.dirname, '../client/src/app/router.tsx');

function property(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of node.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  }
  return undefined;
}

const join = (parent: string, segment: string) => (segment === '*' && parent === '/' ? '*' : `${parent.replace(/\/$/, '')}/${segment}`);

/**
 * Every path a page renders at, in table order: '/' for the index route, '/releases/:id' for a
 * parameterised one, '*' for the catch-all. Layout routes without a path add no segment.
 */
export function clientRoutePaths(source = readFileSync(ROUTER_SOURCE, 'utf8')): string[] {
  const file = ts.createSourceFile(ROUTER_SOURCE, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table: ts.ArrayLiteralExpression | undefined;
  file.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'routes' && node.initializer && ts.isArrayLiteralExpression(node.initializer)) table = node.initializer;
    else node.forEachChild(find);
  });
  if (!table) throw new Error(`no \`routes\` array literal in ${ROUTER_SOURCE}`);
  const out: string[] = [];
  const walk = (list: ts.ArrayLiteralExpression, parent: string) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`a route that is not an object literal in ${ROUTER_SOURCE}: ${element.getText()}`);
      const pathNode = property(element, 'path');
      if (pathNode && !ts.isStringLiteralLike(pathNode)) throw new Error(`a route path that is not a string literal: ${pathNode.getText()}`);
      const here = pathNode ? join(parent, pathNode.text) : parent;
      const index = property(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
      const children = property(element, 'children');
      const renders = ['lazy', 'Component', 'element', 'loader'].some((k) => property(element, k));
      if (index || (pathNode && !children) || (pathNode && children && renders)) out.push(here);
      if (children) {
        if (!ts.isArrayLiteralExpression(children)) throw new Error(`route children that are not an array literal: ${children.getText()}`);
        walk(children, here);
      }
    }
  };
  walk(table, '/');
  return out;
}
