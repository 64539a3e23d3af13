'use strict';
/**
 * The inputs of part 7 (lib/images.js), built at bench time and the same bytes every time: phone-size
 * JPEG photos (4032 x 3024, about 3 MB each, with a phone's EXIF: make, model, date, a thumbnail and an
 * orientation, 6 on the photos taken upright) and 1920 x 1080 PNG screenshots of a payer portal (text,
 * flat areas, a noisy card picture; every fourth a window with transparent rounded corners).
 *
 * The photos' pixels come from a seeded generator here (smooth light and colour gradients, round
 * shapes with edges, sensor-like noise: what makes a real photo's JPEG that size), encoded by cjpeg
 * (libjpeg-turbo, 4:2:0 as phones write); exiftool adds the EXIF. The screenshots are drawn by
 * ImageMagick (/usr/bin/convert: /usr/local/bin/convert may be a stand-in), seeded, without dates.
 */

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { spawnSync } = require('child_process');

const PHOTO = { width: 4032, height: 3024 };
/** EXIF orientation per photo: mostly as taken (1), some held upright (6), one upside down, one turned left. */
const ORIENTATIONS = [1, 6, 1, 1, 6, 1, 3, 1, 6, 1, 1, 6, 1, 8, 1, 6, 1, 1, 6, 1];
const CONVERT = '/usr/bin/convert';

function run(command, args, options = {}) {
	const result = spawnSync(command, args, { maxBuffer: 1 << 26, timeout: 120000, ...options });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.slice(0, 4).join(' ')} … failed (exit ${result.status}): ${result.stderr || result.error}`,
		);
	return result;
}

/** A seeded xorshift32: the same numbers on every machine. */
function generator(seed) {
	let state = Math.imul(seed, 2654435761) >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 4294967296;
	};
}

/** A smooth wave along one axis: a slow and a faster sine of random phase. */
function wave(random, length, amplitude) {
	const slow = 1 + random() * 5;
	const fast = 6 + random() * 18;
	const [phase1, phase2] = [random() * 6.283, random() * 6.283];
	const values = new Float32Array(length);
	for (let index = 0; index < length; index++) {
		const t = (index / length) * 6.283;
		values[index] =
			amplitude * Math.sin(slow * t + phase1) + (amplitude / 4) * Math.sin(fast * t + phase2);
	}
	return values;
}

/** The photo's pixels as a binary PPM: light (rows + columns), colour casts, discs, noise. */
function photoPpm(seed) {
	const { width, height } = PHOTO;
	const random = generator(seed);
	const light = { rows: wave(random, height, 55), columns: wave(random, width, 45) };
	const base = 95 + random() * 60;
	const cast = [0, 1, 2].map(() => ({
		rows: wave(random, height, 18),
		columns: wave(random, width, 14),
	}));
	const discs = Array.from({ length: 14 }, () => ({
		x: random() * width,
		y: random() * height,
		r: 60 + random() * 480,
		colour: [random() * 255, random() * 255, random() * 255],
	}));
	const header = Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1');
	const pixels = Buffer.allocUnsafe(width * height * 3);
	let noise = Math.imul(seed + 7, 2246822519) >>> 0 || 1;
	let at = 0;
	for (let y = 0; y < height; y++) {
		const across = discs.filter((disc) => Math.abs(y - disc.y) < disc.r);
		for (let x = 0; x < width; x++) {
			const l = base + light.rows[y] + light.columns[x];
			let r = l + cast[0].rows[y] + cast[0].columns[x];
			let g = l + cast[1].rows[y] + cast[1].columns[x];
			let b = l + cast[2].rows[y] + cast[2].columns[x];
			for (const disc of across) {
				const dx = x - disc.x;
				const dy = y - disc.y;
				if (dx * dx + dy * dy < disc.r * disc.r) {
					r = (r + disc.colour[0]) / 2;
					g = (g + disc.colour[1]) / 2;
					b = (b + disc.colour[2]) / 2;
				}
			}
			noise ^= noise << 13;
			noise ^= noise >>> 17;
			noise ^= noise << 5;
			const grain = ((noise & 255) - 128) / 14;
			const chroma = (((noise >>> 8) & 255) - 128) / 40;
			pixels[at++] = Math.max(0, Math.min(255, r + grain + chroma));
			pixels[at++] = Math.max(0, Math.min(255, g + grain));
			pixels[at++] = Math.max(0, Math.min(255, b + grain - chroma));
		}
	}
	return Buffer.concat([header, pixels]);
}

/** The photos, JPEG at a phone's quality, EXIF added per orientation group (one exiftool run each). */
function buildPhotos(directory, count) {
	const files = [];
	for (let index = 0; index < count; index++) {
		const file = path.join(directory, `photo-${String(index + 1).padStart(2, '0')}.jpg`);
		run('cjpeg', ['-quality', String(88 + (index % 5)), '-optimize', '-outfile', file], {
			input: photoPpm(index + 1),
		});
		files.push(file);
	}
	const thumbnail = path.join(directory, 'thumbnail.jpg');
	run(CONVERT, [
		'-define',
		'jpeg:size=320x240',
		files[0],
		'-thumbnail',
		'160x120',
		'-strip',
		'-quality',
		'85',
		thumbnail,
	]);
	const orientations = ORIENTATIONS.slice(0, count);
	for (const orientation of new Set(orientations)) {
		const group = files.filter((_, index) => orientations[index] === orientation);
		run('exiftool', [
			'-q',
			'-overwrite_original',
			'-n',
			`-Orientation=${orientation}`,
			'-Make=Apple',
			'-Model=iPhone 13',
			'-Software=16.4.1',
			'-DateTimeOriginal=2026:11:20 09:41:00',
			'-ExposureTime=0.008',
			'-FNumber=1.6',
			'-ISO=64',
			'-XResolution=72',
			'-YResolution=72',
			'-ResolutionUnit=2',
			`-ThumbnailImage<=${thumbnail}`,
			...group,
		]);
	}
	return files.map((file, index) => ({ file, orientation: orientations[index] }));
}

/** One portal screenshot: title bar, menu, a table of claims, a button, a noisy card picture. */
function screenshotArgs(number, alpha, file) {
	const lines = Array.from({ length: 40 }, (_, index) => {
		const claim = number * 1000 + index;
		const patient = String(number * 37 + index * 11).padStart(5, '0');
		const status = (index + number) % 3 === 0 ? 'Denied CO-197' : 'Paid';
		return `Claim ${claim}   PT-${patient}   CPT 99${10 + ((index + number) % 90)}   Billed $${number * 13 + index * 7}.00   ${status}`;
	}).join('\n');
	const accent = `#${((Math.imul(number, 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, '0')}`;
	return [
		'-seed',
		String(number),
		'-size',
		'1920x1080',
		alpha ? 'xc:none' : 'xc:#f3f4f6',
		...(alpha ? ['-fill', 'white', '-draw', 'roundrectangle 8,8 1911,1071 18,18'] : []),
		'(',
		'-size',
		'520x330',
		`gradient:#dbeafe-${accent}`,
		'-attenuate',
		'0.25',
		'+noise',
		'Gaussian',
		')',
		'-geometry',
		'+1340+640',
		'-composite',
		'-fill',
		'#1f3a5f',
		'-draw',
		'rectangle 8,8 1911,72',
		'-font',
		'DejaVu-Sans',
		'-pointsize',
		'28',
		'-fill',
		'white',
		'-annotate',
		'+32+52',
		`Payer Portal - Remittance ${number}`,
		'-fill',
		'#e5e7eb',
		'-draw',
		'rectangle 8,72 300,1071',
		'-pointsize',
		'20',
		'-fill',
		'#111827',
		'-annotate',
		'+28+120',
		'Dashboard\n\nClaims\n\nEligibility\n\nPrior auth\n\nRemittance\n\nSettings',
		'-fill',
		accent,
		'-draw',
		'roundrectangle 1600,100 1880,150 8,8',
		'-fill',
		'white',
		'-annotate',
		'+1650+133',
		'Download ERA',
		'-font',
		'DejaVu-Sans-Mono',
		'-pointsize',
		'18',
		'-fill',
		'#111827',
		'-annotate',
		'+340+140',
		lines,
		'-define',
		'png:exclude-chunks=date,time',
		`${alpha ? 'PNG32' : 'PNG24'}:${file}`,
	];
}

function buildScreenshots(directory, count) {
	return Array.from({ length: count }, (_, index) => {
		const file = path.join(directory, `screenshot-${String(index + 1).padStart(2, '0')}.png`);
		const alpha = index % 4 === 3;
		run(CONVERT, screenshotArgs(index + 1, alpha, file));
		return { file, alpha };
	});
}

/** SHA-256 over the files in order: the JSON records it, so two runs can be seen to have had the same inputs. */
function digestOf(files) {
	const hash = crypto.createHash('sha256');
	for (const file of files) hash.update(fs.readFileSync(file));
	return hash.digest('hex');
}

/** { photos: [{ file, orientation }], screenshots: [{ file, alpha }] } in `directory`. */
function buildImageInputs(directory, { photos, screenshots }) {
	return {
		photos: buildPhotos(directory, photos),
		screenshots: buildScreenshots(directory, screenshots),
	};
}

module.exports = { buildImageInputs, digestOf, PHOTO };
