/**
 * XSD validation of DDEX ERN 4.3 messages against the official schema kept in ./xsd (so validation
 * needs no network), with xmllint-wasm (libxml2 compiled to WebAssembly, no native build).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

const XSD_DIR = path.join(import.meta.dirname, 'xsd');
let schemas: { schema: { fileName: string; contents: string }; avs: { fileName: string; contents: string } } | null = null;

function loadSchemas() {
  schemas ??= {
    schema: { fileName: 'release-notification.xsd', contents: readFileSync(path.join(XSD_DIR, 'release-notification.xsd'), 'utf8') },
    avs: { fileName: 'allowed-value-sets.xsd', contents: readFileSync(path.join(XSD_DIR, 'allowed-value-sets.xsd'), 'utf8') },
  };
  return schemas;
}

/** The schema errors of an ERN 4.3 message with their lines (an empty list when it is valid). */
export async function ernSchemaErrors(xml: string): Promise<{ message: string; line: number | null }[]> {
  const { schema, avs } = loadSchemas();
  const result = await validateXML({ xml: { fileName: 'message.xml', contents: xml }, schema, preload: [avs] });
  return result.errors.map((e) => ({ message: e.message || e.rawMessage, line: e.loc?.lineNumber ?? null }));
}
