/**
 * The user documentation as a reader gets it: README.md and docs/*.md, their headings' anchors (as
 * GitHub and npm make them), their links and their code blocks. One reader for every suite that checks
 * what the documentation says.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

export const REPO_ROOT = join(__dirname, '..', '..');

/** README.md, then every file of docs/, as paths relative to the repository. */
export const USER_DOCS: readonly string[] = [
	'README.md',
	...readdirSync(join(REPO_ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => `docs/${name}`),
];

/** The user documentation and the project's own: CONTRIBUTING.md and CHANGELOG.md beside it. */
export const PROJECT_DOCS: readonly string[] = [...USER_DOCS, 'CONTRIBUTING.md', 'CHANGELOG.md'];

export const readDoc = (file: string): string => readFileSync(join(REPO_ROOT, file), 'utf8');

/** The text with every fenced code block blanked out (its lines kept, so line numbers stay). */
export const proseOf = (text: string): string =>
	text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, (block) => block.replace(/[^\n]/g, ''));

/** The fenced code blocks whose info string is `lang` (every block when omitted), without their fences. */
export const fencedBlocks = (text: string, lang?: string): string[] =>
	[...text.matchAll(/^ *```([^\n]*)\n([\s\S]*?)^ *```$/gm)]
		.filter(([, info]) => lang === undefined || info.trim() === lang)
		.map(([, , body]) => body);

/** GitHub's and npm's anchor of a Markdown heading. */
export const anchorOf = (heading: string): string =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\w\- ]/g, '')
		.replace(/ /g, '-');

export const headingsOf = (text: string): Array<{ level: number; title: string }> =>
	[...proseOf(text).matchAll(/^(#{1,6}) (.+)$/gm)].map(([, hashes, title]) => ({
		level: hashes.length,
		title,
	}));

export const anchorsOf = (text: string): Set<string> =>
	new Set(headingsOf(text).map(({ title }) => anchorOf(title)));

/** The section under the first heading titled `title`, up to the next heading of its level or above. */
export function sectionOf(text: string, title: string): string {
	const lines = text.split('\n');
	const start = lines.findIndex((line) => new RegExp(`^#{1,6} ${escape(title)}$`).test(line));
	if (start < 0) throw new Error(`no heading "${title}"`);
	const level = /^#+/.exec(lines[start])![0].length;
	let end = start + 1;
	for (let fence = false; end < lines.length; end++) {
		if (lines[end].trimStart().startsWith('```')) fence = !fence;
		if (!fence && new RegExp(`^#{1,${level}} `).test(lines[end])) break;
	}
	return lines.slice(start + 1, end).join('\n');
}

/** The prose with inline code (which may wrap onto a second line) blanked out as well. */
export const plainProseOf = (text: string): string =>
	proseOf(text).replace(/`[^`\n]*(?:\n[^`\n]*)?`/g, (code) => code.replace(/[^\n]/g, ' '));

export interface DocLink {
	label: string;
	target: string;
	image: boolean;
}

/** Every Markdown link and image outside code (inline code included). */
export const linksOf = (text: string): DocLink[] =>
	[
		...proseOf(text)
			.replace(/`[^`\n]*`/g, '')
			.matchAll(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g),
	].map(([, bang, label, target]) => ({ label, target, image: bang === '!' }));

/** The text of every `**bold**` span outside code (one wrapped over lines reads as one line). */
export const boldSpansOf = (text: string): string[] =>
	[
		...proseOf(text)
			.replace(/`[^`\n]*`/g, '``')
			.matchAll(/\*\*((?:[^*\n]|\n(?!\n))+?)\*\*/g),
	].map(([, span]) => span.replace(/\s*\n\s*/g, ' '));

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
