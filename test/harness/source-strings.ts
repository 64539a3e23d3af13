/**
 * The nodes' and the credential's source as TypeScript reads it: the strings their code holds (error
 * messages and their pieces), and where the code labels a parameter by its name. Paths are relative
 * to the repository.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

const filesUnder = (folder: string): string[] =>
	fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return filesUnder(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
const sourceFiles = () =>
	['nodes', 'credentials'].flatMap((dir) => filesUnder(path.join(ROOT, dir)));

/** Every string literal (and template piece) of the nodes' source, by file. */
export function sourceStrings(): Array<{ file: string; text: string }> {
	const found: Array<{ file: string; text: string }> = [];
	for (const file of sourceFiles()) {
		const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
		const visit = (node: ts.Node) => {
			if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
				found.push({ file: path.relative(ROOT, file), text: node.text });
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return found;
}

/**
 * The (parameter name, label) pairs of the nodes' source: a validator's or reader's call given a
 * parameter's name and then its label (`readRequiredString(this, itemIndex, 'faxId', 'Fax ID')`), and
 * a collection's entries mapped to their labels (`patientName: { apiName: 'patient_name', label: … }`).
 */
export function sourceLabels(
	isLabel: (text: string) => boolean,
): Array<{ file: string; name: string; label: string }> {
	const found: Array<{ file: string; name: string; label: string }> = [];
	for (const file of sourceFiles()) {
		const where = path.relative(ROOT, file);
		const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
		const visit = (node: ts.Node) => {
			if (ts.isCallExpression(node))
				node.arguments.forEach((arg, i) => {
					const next = node.arguments[i + 1];
					if (ts.isStringLiteral(arg) && next && ts.isStringLiteral(next) && isLabel(next.text))
						found.push({ file: where, name: arg.text, label: next.text });
				});
			if (
				ts.isPropertyAssignment(node) &&
				ts.isObjectLiteralExpression(node.initializer) &&
				(ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
			)
				for (const entry of node.initializer.properties)
					if (
						ts.isPropertyAssignment(entry) &&
						entry.name.getText(source) === 'label' &&
						ts.isStringLiteral(entry.initializer) &&
						isLabel(entry.initializer.text)
					)
						found.push({ file: where, name: node.name.text, label: entry.initializer.text });
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return found;
}
