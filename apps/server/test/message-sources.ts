import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The calls whose argument at that index (from the end when negative) is a message people read. */
const MESSAGE_ARGS: Record<string, number> = {
  AppError: 1,
  badRequest: 0,
  fieldError: 1,
  conflict: 0,
  couponRefused: 0,
  // the modules' own `fail(…, message)` builders end with the message
  fail: -1,
  localizeMessage: 0,
  tooMany: 0,
  tooManyUntil: 0,
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((d) => {
    const file = path.join(d.parentPath, d.name);
    return d.isFile() && d.name.endsWith(".ts") && !d.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** A literal's catalogue key: `${expr}` becomes `{{name}}`, the name from the expression's own. */
function keyOf(node: ts.Node, sf: ts.SourceFile): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return undefined;
  let key = node.head.text;
  for (const span of node.templateSpans) {
    const words = span.expression.getText(sf).match(/[A-Za-z_]\w*/g) ?? ["value"];
    key += `{{${words.at(-1)}}}${span.literal.text}`;
  }
  return key;
}

function isMessageObject(node: ts.Node): boolean {
  let decl = node.parent;
  while (
    ts.isAsExpression(decl) ||
    ts.isSatisfiesExpression(decl) ||
    ts.isObjectLiteralExpression(decl) ||
    ts.isPropertyAssignment(decl)
  )
    decl = decl.parent;
  return ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && /_MESSAGES$/.test(decl.name.text);
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

const contractFiles = () => sourceFiles(path.join(root, "packages/contract/src"));
const serverFiles = () =>
  sourceFiles(path.join(root, "apps/server/src")).filter((f) => !f.includes(`${path.sep}seed${path.sep}`));

/**
 * Every text of the API's answers that shoppers, sellers and admins read, as written in the source:
 * the contract's `*_MESSAGES`, `…Message` builders and field messages, and the server's literal
 * messages (errors, `message:` of answers, the cart's notes). Template parts are `{{name}}`.
 */
export function messageSources(): Set<string> {
  const out = new Set<string>();
  for (const file of [...contractFiles(), ...serverFiles()]) {
    const sf = parse(file);
    const inContract = file.includes(`${path.sep}contract${path.sep}`);
    const add = (node: ts.Node | undefined): void => {
      if (node && ts.isConditionalExpression(node)) {
        add(node.whenTrue);
        add(node.whenFalse);
        return;
      }
      const key = node && keyOf(node, sf);
      if (key?.trim()) out.add(key);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node) && isMessageObject(node)) {
        for (const p of node.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          const value = p.initializer;
          add(ts.isArrowFunction(value) ? value.body : value);
        }
      }
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const name = node.name.getText(sf);
        if (/Message$/.test(name) && ts.isArrowFunction(node.initializer)) add(node.initializer.body);
        // A message named once for its several uses: `const BAD_CREDENTIALS = "These credentials …"`.
        if (
          /^[A-Z][A-Z_]+$/.test(name) &&
          ts.isStringLiteral(node.initializer) &&
          /^[A-Z][a-z]+ /.test(node.initializer.text)
        )
          add(node.initializer);
      }
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        const callee = node.expression.getText(sf).split(".").at(-1) ?? "";
        const index = Object.hasOwn(MESSAGE_ARGS, callee) ? MESSAGE_ARGS[callee] : undefined;
        if (index !== undefined) add(node.arguments.at(index));
        if (node.expression.getText(sf) === "info.push") add(node.arguments[0]);
      }
      if (!inContract && ts.isPropertyAssignment(node) && node.name.getText(sf) === "message") add(node.initializer);
      // A field's errors gathered before they are thrown: `errors.email = ["The email has …"]`.
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        /^errors\./.test(node.left.getText(sf)) &&
        ts.isArrayLiteralExpression(node.right)
      )
        for (const e of node.right.elements) add(e);
      // The contract's sentences that begin "The " (its field messages), not an endpoint's summary.
      const documents =
        !!node.parent && ts.isPropertyAssignment(node.parent) && node.parent.name.getText(sf) === "summary";
      if (
        inContract &&
        !documents &&
        (ts.isTemplateExpression(node) ? node.head.text : ts.isStringLiteral(node) ? node.text : "").startsWith("The ")
      )
        add(node);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/**
 * The names messages put in their `{{label}}` and `{{what}}`: the first argument of the contract's
 * field builders (a function whose first parameter is `label`), their defaults, and `notFound`'s.
 */
export function labelSources(): Set<string> {
  const sources = contractFiles().map(parse);
  const builders = new Set<string>();
  const out = new Set<string>();
  for (const sf of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)) {
        const first = node.initializer.parameters[0];
        if (first?.name.getText(sf) === "label") {
          builders.add(node.name.getText(sf));
          if (first.initializer && ts.isStringLiteral(first.initializer)) out.add(first.initializer.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  for (const sf of [...sources, ...serverFiles().map(parse)]) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sf);
        const first = node.arguments[0];
        if ((builders.has(callee) || callee === "notFound") && first && ts.isStringLiteral(first)) out.add(first.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
