import { createHash, randomBytes } from 'crypto';

export type FileKind = 'pdf' | 'tiff';

/** Detects PDF (`%PDF-`) or TIFF (`II*\0`, `MM\0*`) by the first bytes; null for anything else. */
export function detectKind(data: Buffer): FileKind | null {
	if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
	if (data.length >= 4) {
		const b = data;
		if (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) return 'tiff';
		if (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a) return 'tiff';
	}
	return null;
}

export function mimeOf(kind: FileKind): string {
	return kind === 'pdf' ? 'application/pdf' : 'image/tiff';
}

export function extensionOf(kind: FileKind): string {
	return kind === 'pdf' ? 'pdf' : 'tif';
}

/**
 * Page count: for a PDF the number of `/Type /Page` objects (not `/Pages`), at least 1;
 * a TIFF counts as one page.
 */
export function countPages(data: Buffer, kind: FileKind): number {
	if (kind === 'tiff') return 1;
	const text = data.toString('latin1');
	const matches = text.match(/\/Type\s*\/Page(?![A-Za-z])/g);
	return Math.max(1, matches ? matches.length : 0);
}

/** Short uppercase hex digest used to derive deterministic values from a file. */
export function fileDigest(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex').slice(0, 8).toUpperCase();
}

export function randomToken(bytes = 12): string {
	return randomBytes(bytes).toString('hex');
}

export interface StoredFile {
	token: string;
	data: Buffer;
	kind: FileKind;
	/** Epoch ms after which the link answers 404; null = never. */
	expiresAt: number | null;
	/** Called on every successful download (view counting). */
	onView?: () => void;
}

/** In-memory store of uploaded files served at `${origin}/files/<token>` without Bearer auth. */
export class FileStore {
	private readonly files = new Map<string, StoredFile>();

	constructor(private readonly origin: () => string) {}

	add(
		data: Buffer,
		kind: FileKind,
		expiresAt: number | null,
		onView?: () => void,
	): { token: string; url: string } {
		const token = randomBytes(24).toString('base64url');
		this.files.set(token, { token, data, kind, expiresAt, onView });
		return { token, url: `${this.origin()}/files/${token}` };
	}

	get(token: string): StoredFile | undefined {
		return this.files.get(token);
	}

	clear(): void {
		this.files.clear();
	}
}
