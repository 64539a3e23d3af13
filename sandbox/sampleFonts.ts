import { readFileSync } from 'fs';
import { dirname, join } from 'path';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors';

/**
 * Sample TrueType fonts for letters in other scripts (the node's Letter Font), served without auth at
 * `GET <origin>/samples/fonts/<name>` so that an example workflow can fetch one with HTTP Request, as a
 * user fetches a font from where they keep it. The files are Google's Noto Sans and Sawarabi Gothic
 * (SIL Open Font License 1.1) from the project's dev dependencies; nothing is bundled into the package.
 *
 * | name                       | prints                                          |
 * |----------------------------|-------------------------------------------------|
 * | NotoSans-Regular.ttf       | Latin, Greek, Cyrillic, Vietnamese              |
 * | NotoSans-Bold.ttf          | the same, bold                                  |
 * | SawarabiGothic-Regular.ttf | Japanese (kana, kanji), so Chinese names in kanji |
 */
const SAMPLE_FONTS: Readonly<Record<string, { package: string; file: string }>> = Object.freeze({
	'NotoSans-Regular.ttf': {
		package: '@expo-google-fonts/noto-sans',
		file: '400Regular/NotoSans_400Regular.ttf',
	},
	'NotoSans-Bold.ttf': {
		package: '@expo-google-fonts/noto-sans',
		file: '700Bold/NotoSans_700Bold.ttf',
	},
	'SawarabiGothic-Regular.ttf': {
		package: '@expo-google-fonts/sawarabi-gothic',
		file: '400Regular/SawarabiGothic_400Regular.ttf',
	},
});

/** A sample font's bytes, read from its package when first asked for. */
const cache = new Map<string, Buffer>();
function sampleFont(name: string): Buffer | undefined {
	const source = Object.prototype.hasOwnProperty.call(SAMPLE_FONTS, name)
		? SAMPLE_FONTS[name]
		: undefined;
	if (!source) return undefined;
	let bytes = cache.get(name);
	if (bytes === undefined) {
		const root = dirname(require.resolve(`${source.package}/package.json`));
		bytes = readFileSync(join(root, source.file));
		cache.set(name, bytes);
	}
	return bytes;
}

/** Registers `GET /samples/fonts/:name` (no Bearer auth; not part of /api/v2). */
export function registerSampleFonts(app: FastifyInstance): void {
	app.get(
		'/samples/fonts/:name',
		async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
			const data = sampleFont(request.params.name);
			if (!data)
				throw notFound(
					`No sample font "${request.params.name}"; the fonts are ${Object.keys(SAMPLE_FONTS).join(', ')}`,
				);
			return reply
				.header('Content-Type', 'font/ttf')
				.header('Content-Disposition', `attachment; filename="${request.params.name}"`)
				.header('Cache-Control', 'no-store')
				.send(data);
		},
	);
}
