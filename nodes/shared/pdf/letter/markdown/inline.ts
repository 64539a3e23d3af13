/**
 * Markdown inline content -> styled runs: emphasis and strong emphasis by CommonMark's delimiter-run
 * rules (so `patient_id_123` and `2 * 3` stay literal), code spans, backslash escapes, line breaks
 * (each one kept, as GitHub comments do), links printed as "text (url)", autolinks, images as "Image: alt (url)". Raw HTML and
 * entities are not interpreted: they print as written.
 */

export interface RunStyle {
	bold: boolean;
	italic: boolean;
	code: boolean;
}

export type InlineRun = { text: string; style: RunStyle } | { lineBreak: true };

type InlineNode =
	| { kind: 'text'; text: string }
	| { kind: 'code'; text: string }
	| { kind: 'break' }
	| { kind: 'emphasis'; strong: boolean; children: InlineNode[] }
	| { kind: 'link'; children: InlineNode[]; url: string; image: boolean };

interface Delimiter {
	node: { kind: 'text'; text: string };
	character: '*' | '_';
	/** Characters left in the run; `originalLength` is the run's length as written (the rule of 3). */
	length: number;
	originalLength: number;
	canOpen: boolean;
	canClose: boolean;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

const isWhitespace = (character: string | undefined) =>
	character === undefined || WHITESPACE.test(character);
const isPunctuation = (character: string | undefined) =>
	character !== undefined && PUNCTUATION.test(character);

/** The code point before index `at` of `text` (undefined at the start). */
function characterBefore(text: string, at: number): string | undefined {
	if (at <= 0) return undefined;
	const low = text.charCodeAt(at - 1);
	return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text[at - 1];
}

function characterAt(text: string, at: number): string | undefined {
	if (at >= text.length) return undefined;
	return String.fromCodePoint(text.codePointAt(at)!);
}

/** CommonMark's left- and right-flanking rules for a run of `*` or `_` from `start` to `end`. */
function flanking(
	text: string,
	start: number,
	end: number,
	character: '*' | '_',
): { canOpen: boolean; canClose: boolean } {
	const before = characterBefore(text, start);
	const after = characterAt(text, end);
	const left =
		!isWhitespace(after) &&
		(!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
	const right =
		!isWhitespace(before) &&
		(!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
	if (character === '*') return { canOpen: left, canClose: right };
	return {
		canOpen: left && (!right || isPunctuation(before)),
		canClose: right && (!left || isPunctuation(after)),
	};
}

/** A link's destination and optional title after `](` at `at`: the destination and where `)` ends, or undefined. */
function linkTail(text: string, at: number): { url: string; end: number } | undefined {
	let index = at;
	const skipSpace = () => {
		while (index < text.length && /[ \t\n]/.test(text[index])) index += 1;
	};
	skipSpace();
	let url = '';
	if (text[index] === '<') {
		const close = text.indexOf('>', index + 1);
		if (close < 0 || text.slice(index + 1, close).includes('\n')) return undefined;
		url = text.slice(index + 1, close);
		index = close + 1;
	} else {
		let depth = 0;
		const start = index;
		while (index < text.length) {
			const character = text[index];
			if (character === '\\' && index + 1 < text.length) {
				index += 2;
				continue;
			}
			if (/\s/.test(character)) break;
			if (character === '(') depth += 1;
			if (character === ')') {
				if (depth === 0) break;
				depth -= 1;
			}
			index += 1;
		}
		url = text.slice(start, index).replace(/\\([!-/:-@[-`{-~])/g, '$1');
	}
	skipSpace();
	const quote = text[index];
	if (quote === '"' || quote === "'" || quote === '(') {
		const closing = quote === '(' ? ')' : quote;
		const close = text.indexOf(closing, index + 1);
		if (close < 0) return undefined;
		index = close + 1;
		skipSpace();
	}
	if (text[index] !== ')') return undefined;
	return { url, end: index + 1 };
}

/** An autolink `<scheme:…>` or `<name@host>` at `at`: its URL and end, or undefined. */
function autolink(text: string, at: number): { url: string; end: number } | undefined {
	const match =
		/^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/.exec(
			text.slice(at),
		);
	return match === null ? undefined : { url: match[1], end: at + match[0].length };
}

/** Parses one block's inline content (lines joined by LF) into nodes. */
function parseNodes(text: string): InlineNode[] {
	const nodes: InlineNode[] = [];
	const delimiters: Delimiter[] = [];
	const brackets: Array<{
		node: { kind: 'text'; text: string };
		image: boolean;
		delimiters: number;
		active: boolean;
	}> = [];
	let buffer = '';
	const flush = () => {
		if (buffer !== '') nodes.push({ kind: 'text', text: buffer });
		buffer = '';
	};
	let index = 0;
	while (index < text.length) {
		const character = text[index];
		if (character === '\\') {
			const next = text[index + 1];
			if (next === '\n') {
				flush();
				nodes.push({ kind: 'break' });
				index += 2;
				while (text[index] === ' ') index += 1;
				continue;
			}
			if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
				buffer += next;
				index += 2;
				continue;
			}
			buffer += character;
			index += 1;
			continue;
		}
		if (character === '`') {
			let runEnd = index;
			while (text[runEnd] === '`') runEnd += 1;
			const fence = text.slice(index, runEnd);
			let search = runEnd;
			let close = -1;
			while ((search = text.indexOf(fence, search)) >= 0) {
				let after = search + fence.length;
				if (text[after] !== '`' && text[search - 1] !== '`') {
					close = search;
					break;
				}
				while (text[after] === '`') after += 1;
				search = after;
			}
			if (close < 0) {
				buffer += fence;
				index = runEnd;
				continue;
			}
			let code = text.slice(runEnd, close).replace(/\n/g, ' ');
			if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
				code = code.slice(1, -1);
			flush();
			nodes.push({ kind: 'code', text: code });
			index = close + fence.length;
			continue;
		}
		if (character === '*' || character === '_') {
			let runEnd = index;
			while (text[runEnd] === character) runEnd += 1;
			const { canOpen, canClose } = flanking(text, index, runEnd, character);
			flush();
			const node = { kind: 'text' as const, text: text.slice(index, runEnd) };
			nodes.push(node);
			if (canOpen || canClose)
				delimiters.push({
					node,
					character,
					length: runEnd - index,
					originalLength: runEnd - index,
					canOpen,
					canClose,
				});
			index = runEnd;
			continue;
		}
		if (character === '[' || (character === '!' && text[index + 1] === '[')) {
			flush();
			const image = character === '!';
			const node = { kind: 'text' as const, text: image ? '![' : '[' };
			nodes.push(node);
			brackets.push({ node, image, delimiters: delimiters.length, active: true });
			index += image ? 2 : 1;
			continue;
		}
		if (character === ']') {
			const opener = brackets.pop();
			const tail =
				opener?.active === true && text[index + 1] === '(' ? linkTail(text, index + 2) : undefined;
			if (opener === undefined || tail === undefined) {
				buffer += character;
				index += 1;
				continue;
			}
			flush();
			const start = nodes.indexOf(opener.node);
			const inner = nodes.splice(start + 1);
			nodes.pop();
			// Emphasis inside the link text is resolved within it; delimiters outside stay for later.
			const innerDelimiters = delimiters.splice(opener.delimiters);
			processEmphasis(inner, innerDelimiters);
			nodes.push({ kind: 'link', children: inner, url: tail.url, image: opener.image });
			// No link inside a link's text (CommonMark): the openers before this one no longer make links.
			if (!opener.image) for (const earlier of brackets) if (!earlier.image) earlier.active = false;
			index = tail.end;
			continue;
		}
		if (character === '<') {
			const link = autolink(text, index);
			if (link !== undefined) {
				flush();
				nodes.push({
					kind: 'link',
					children: [{ kind: 'text', text: link.url }],
					url: link.url,
					image: false,
				});
				index = link.end;
				continue;
			}
		}
		if (character === '\n') {
			// Every line break in a paragraph is kept (as in GitHub comments): a letter's address and
			// signature lines are written one per line.
			buffer = buffer.replace(/ +$/, '');
			flush();
			nodes.push({ kind: 'break' });
			index += 1;
			while (text[index] === ' ') index += 1;
			continue;
		}
		buffer += character;
		index += 1;
	}
	flush();
	processEmphasis(nodes, delimiters);
	return nodes;
}

/** A node in the linked list processEmphasis works on; a delimiter with its neighbours on the stack. */
interface Entry {
	node: InlineNode;
	prev?: Entry;
	next?: Entry;
}
type LinkedDelimiter = Delimiter & { prev?: LinkedDelimiter; next?: LinkedDelimiter };

/**
 * CommonMark's "process emphasis" over `nodes`, whose delimiter runs are `delimiters` in order. Linked
 * lists, as in the reference implementation: wrapping a run of nodes in emphasis costs what it wraps,
 * so a long paragraph full of emphasis stays linear.
 */
function processEmphasis(nodes: InlineNode[], delimiters: Delimiter[]): void {
	const head: Entry = { node: { kind: 'text', text: '' } };
	const entries = new Map<InlineNode, Entry>();
	let tail = head;
	for (const node of nodes) {
		const entry: Entry = { node, prev: tail };
		tail.next = entry;
		tail = entry;
		entries.set(node, entry);
	}
	const stack = delimiters as LinkedDelimiter[];
	stack.forEach((delimiter, index) => {
		delimiter.prev = stack[index - 1];
		delimiter.next = stack[index + 1];
	});
	const unlink = (delimiter: LinkedDelimiter) => {
		if (delimiter.prev) delimiter.prev.next = delimiter.next;
		if (delimiter.next) delimiter.next.prev = delimiter.prev;
	};
	const unlinkEntry = (entry: Entry) => {
		entry.prev!.next = entry.next;
		if (entry.next) entry.next.prev = entry.prev;
	};
	const openersBottom = new Map<string, LinkedDelimiter | undefined>();
	let closer: LinkedDelimiter | undefined = stack[0];
	while (closer !== undefined) {
		if (!closer.canClose) {
			closer = closer.next;
			continue;
		}
		const bottomKey = `${closer.character}${closer.originalLength % 3}${closer.canOpen}`;
		const bottom = openersBottom.get(bottomKey);
		let opener = closer.prev;
		for (; opener !== undefined && opener !== bottom; opener = opener.prev) {
			if (opener.character !== closer.character || !opener.canOpen) continue;
			const oddMatch =
				(opener.canClose || closer.canOpen) &&
				(opener.originalLength + closer.originalLength) % 3 === 0 &&
				!(opener.originalLength % 3 === 0 && closer.originalLength % 3 === 0);
			if (!oddMatch) break;
		}
		if (opener === undefined || opener === bottom) {
			openersBottom.set(bottomKey, closer.prev);
			const next: LinkedDelimiter | undefined = closer.next;
			if (!closer.canOpen) unlink(closer);
			closer = next;
			continue;
		}
		const strong = opener.length >= 2 && closer.length >= 2;
		const used = strong ? 2 : 1;
		opener.length -= used;
		closer.length -= used;
		opener.node.text = opener.node.text.slice(used);
		closer.node.text = closer.node.text.slice(used);
		const openerEntry = entries.get(opener.node)!;
		const closerEntry = entries.get(closer.node)!;
		const children: InlineNode[] = [];
		for (let entry = openerEntry.next; entry !== closerEntry; entry = entry!.next)
			children.push(entry!.node);
		const emphasis: Entry = {
			node: { kind: 'emphasis', strong, children },
			prev: openerEntry,
			next: closerEntry,
		};
		openerEntry.next = emphasis;
		closerEntry.prev = emphasis;
		// Delimiters between the two can no longer match anything.
		opener.next = closer;
		closer.prev = opener;
		if (opener.length === 0) {
			unlinkEntry(openerEntry);
			unlink(opener);
		}
		if (closer.length === 0) {
			unlinkEntry(closerEntry);
			const next: LinkedDelimiter | undefined = closer.next;
			unlink(closer);
			closer = next;
		}
	}
	nodes.length = 0;
	for (let entry = head.next; entry !== undefined; entry = entry.next) nodes.push(entry.node);
}

const PLAIN: RunStyle = { bold: false, italic: false, code: false };

function flatten(nodes: readonly InlineNode[], style: RunStyle, runs: InlineRun[]): void {
	const push = (text: string, runStyle: RunStyle) => {
		if (text === '') return;
		const last = runs[runs.length - 1];
		if (
			last !== undefined &&
			'text' in last &&
			last.style.bold === runStyle.bold &&
			last.style.italic === runStyle.italic &&
			last.style.code === runStyle.code
		)
			last.text += text;
		else runs.push({ text, style: runStyle });
	};
	for (const node of nodes) {
		if (node.kind === 'text') push(node.text, style);
		else if (node.kind === 'code') push(node.text, { ...style, code: true });
		else if (node.kind === 'break') runs.push({ lineBreak: true });
		else if (node.kind === 'emphasis')
			flatten(
				node.children,
				node.strong ? { ...style, bold: true } : { ...style, italic: true },
				runs,
			);
		else {
			const label = plainText(node.children);
			if (node.image) push(`Image: ${label === '' ? node.url : label}`, style);
			else flatten(node.children, style, runs);
			// The address prints after the text, unless the text is the address.
			const bare = node.url.replace(/^mailto:/i, '');
			if (node.url !== '' && (node.image ? label !== '' : label !== node.url && label !== bare))
				push(` (${node.url})`, style);
		}
	}
}

function plainText(nodes: readonly InlineNode[]): string {
	return nodes
		.map((node) => {
			if (node.kind === 'text' || node.kind === 'code') return node.text;
			if (node.kind === 'break') return ' ';
			return plainText(node.children);
		})
		.join('');
}

/** One block's inline Markdown as runs of styled text and line breaks (adjacent runs of one style merged). */
export function parseInline(text: string): InlineRun[] {
	const runs: InlineRun[] = [];
	flatten(parseNodes(text), PLAIN, runs);
	return runs;
}
