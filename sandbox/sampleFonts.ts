import { readFileSync } from 'fs';
import { dirname, join } from 'path';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors';

/**
 * Sample TrueType fonts for letters in other scripts (the node's Letter Font), served without auth at
 * `GET <origin>/samples/fonts/<name>` so that an example workflow can fetch one with HTTP Request, as a
 * user fetches a font from where they keep it. The files are Google's Noto Sans, Noto Sans Hebrew,
 * Sawarabi Gothic and Vazirmatn (SIL Open Font License 1.1) from the project's dev dependencies;
 * nothing is bundled into the package.
 *
 * | name                       | prints                                            |
 * |----------------------------|---------------------------------------------------|
 * | NotoSans-Regular.ttf       | Latin, Greek, Cyrillic, Vietnamese                |
 * | NotoSans-Bold.ttf          | the same, bold                                    |
 * | SawarabiGothic-Regular.ttf | Japanese (kana, kanji), so Chinese names in kanji |
 * | Vazirmatn-Regular.ttf      | Arabic, Persian, Urdu, and Latin                  |
 * | NotoSansHebrew-Regular.ttf | Hebrew, and Latin and digits                      |
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
	'Vazirmatn-Regular.ttf': {
		package: '@expo-google-fonts/vazirmatn',
		file: '400Regular/Vazirmatn_400Regular.ttf',
	},
	'NotoSansHebrew-Regular.ttf': {
		package: '@expo-google-fonts/noto-sans-hebrew',
		file: '400Regular/NotoSansHebrew_400Regular.ttf',
	},
});

/**
 * The public URLs' paths (origin left out) that examples/letter-in-any-script.json fetches Noto Sans
 * from: google/fonts at a fixed commit, so the file behind each never changes. The suites point the
 * URL's origin at the sandbox and keep its path, which serves the same family and weight from the dev
 * dependency above.
 */
export const PUBLIC_FONT_PATHS: Readonly<Record<string, string>> = Object.freeze({
	'/google/fonts/23ae8ad0a299ea63929355b5e4e38a4fbf999f8a/ofl/notosans/NotoSans-Regular.ttf':
		'NotoSans-Regular.ttf',
	'/google/fonts/fc9f922e6b79eed5383645b315bbe425bc1bc00f/ofl/notosans/NotoSans-Bold.ttf':
		'NotoSans-Bold.ttf',
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

const sendFont = (reply: FastifyReply, name: string, data: Buffer) =>
	reply
		.header('Content-Type', 'font/ttf')
		.header('Content-Disposition', `attachment; filename="${name}"`)
		.header('Cache-Control', 'no-store')
		.send(data);

/** Registers `GET /samples/fonts/:name` and each of PUBLIC_FONT_PATHS (no Bearer auth; not part of /api/v2). */
export function registerSampleFonts(app: FastifyInstance): void {
	for (const [path, name] of Object.entries(PUBLIC_FONT_PATHS))
		app.get(path, async (_request, reply) => sendFont(reply, name, sampleFont(name)!));
	app.get(
		'/samples/fonts/:name',
		async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
			const data = sampleFont(request.params.name);
			if (!data)
				throw notFound(
					`No sample font "${request.params.name}"; the fonts are ${Object.keys(SAMPLE_FONTS).join(', ')}`,
				);
			return sendFont(reply, request.params.name, data);
		},
	);
}
