/**
 * The form-photo example (examples/form-photo-fax.json) in a real n8n, as a user imports it: its n8n
 * Form is served and a phone photo is uploaded as the form page does (multipart field-0 … field-3, the
 * file a JPEG stored turned with EXIF Orientation 6, made at test time by ImageMagick and exiftool), and
 * the fax is read back from what the sandbox received: qpdf --check, the cover page's words, the photo's
 * page rendered by poppler (upright: its dark block in the top-left quarter, as ImageMagick's
 * -auto-orient shows it) and pdfimages (the JPEG embedded as it is, at its stored size).
 */
import { execFileSync } from 'child_process';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';

import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { FILES } from './helpers/examples';
import { useFormExample } from './helpers/form-example';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	autoOrientedGrey,
	darkQuarter,
	listedImages,
	phonePhoto,
	quadrants,
	renderedPage,
	storedGrey,
} from './helpers/images';
import { logToStderr } from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const FORM = 'Photo Form';
const SEND = 'Fax the Document';

/** The bytes of a JPEG from its first start-of-scan marker to its end: the entropy-coded picture. */
const scanData = (jpeg: Buffer): Buffer => {
	const at = jpeg.indexOf(Buffer.from([0xff, 0xda]));
	if (at < 0) throw new Error('no start-of-scan marker');
	return jpeg.subarray(at);
};

describeOnHosts(
	BOTH_HOSTS,
	'the form-photo example in a real n8n against the sandbox',
	({ hostVersion }) => {
		const example = useFormExample(hostVersion, {
			file: FILES.formPhoto,
			formPath: 'photo-fax',
		});
		const pdfs = pdfReader('fax-examples-form-photo-');
		const photo = phonePhoto(pdfs.directory);
		const photoFile = join(pdfs.directory, 'photo.jpg');
		afterAll(() => pdfs.dispose());

		const submission = {
			'Recipient Name': 'Springfield Cardiology',
			'Recipient Fax Number': '+12125550123',
			Subject: 'Insurance card for a cardiology consult',
		};

		test('the photo as a phone stores it: wide pixels with EXIF Orientation 6, upright a portrait picture whose dark block is top left (ImageMagick -auto-orient)', () => {
			expect(
				execFileSync('exiftool', ['-s3', '-n', '-Orientation', photoFile], {
					encoding: 'utf8',
				}).trim(),
			).toBe('6');
			const stored = storedGrey(photoFile);
			expect([stored.width, stored.height]).toEqual([photo.stored.width, photo.stored.height]);
			// Shown as stored, the block is elsewhere: the test below can tell an upright page from a turned one.
			expect(darkQuarter(quadrants(stored))).toBe('bottomLeft');
			const upright = autoOrientedGrey(photoFile);
			expect([upright.width, upright.height]).toEqual([photo.upright.width, photo.upright.height]);
			expect(darkQuarter(quadrants(upright))).toBe('topLeft');
		});

		test('the published form is served at its production URL, with its file field', async () => {
			const { status, html } = await example.servedForm();
			expect(status).toBe(200);
			expect(html).toContain('Fax a photo or a scan');
			for (const label of [...Object.keys(submission), 'Document']) expect(html).toContain(label);
			expect(html).toContain("name='field-3'");
			expect(html).toContain("accept='.jpg,.jpeg,.png,.gif,.bmp,.pdf,.tif,.tiff'");
		});

		test(
			'a phone photo is faxed behind its cover page: one POST /sent_faxes, a sound two-page PDF, the photo upright on page 2 and embedded as the JPEG it is',
			async () => {
				const sentBefore = example.sends().length;
				// What the form page posts: multipart/form-data, field-0 … field-3 in the order of the form's fields.
				const form = new FormData();
				Object.values(submission).forEach((value, index) => form.append(`field-${index}`, value));
				form.append(
					'field-3',
					new Blob([new Uint8Array(photo.jpeg)], { type: 'image/jpeg' }),
					'photo.jpg',
				);
				const started = Date.now();
				const response = await fetch(example.formUrl(), { method: 'POST', body: form });
				// Respond When: Workflow Finishes, so the answer comes once the fax is queued.
				expect(response.status).toBe(200);
				logToStderr(`n8n ${hostVersion}: the form's photo faxed in ${Date.now() - started} ms`);

				const execution = await example.finishedExecution(
					(e) =>
						e.items[FORM]?.[0]?.['Recipient Fax Number'] === submission['Recipient Fax Number'],
				);
				expect(execution.status).toBe('success');
				expect(execution.items[FORM]).toEqual([
					expect.objectContaining({ ...submission, formMode: 'production' }),
				]);
				expect(execution.items[SEND]).toEqual([
					{ message: expect.any(String), faxId: expect.stringMatching(/^[0-9a-f]{24}$/) },
				]);

				const posts = example.sends().slice(sentBefore);
				expect(posts).toHaveLength(1);
				const [post] = posts;
				expect(post.status).toBe(201);
				expect(post.body).toEqual({
					from_number: example.fromNumber,
					to_number: submission['Recipient Fax Number'],
					recipient_name: submission['Recipient Name'],
					sender_name: 'Springfield Family Practice',
				});
				expect(post.files).toHaveLength(1);
				expect(post.files[0]).toMatchObject({
					field: 'file',
					filename: expect.stringMatching(/\.pdf$/),
					mimetype: 'application/pdf',
				});

				const fax = pdfs.read(post.files[0].data);
				expect(fax.check).toEqual(SOUND_PDF);
				expect(fax.pages).toBe(2);
				const [cover, photoPage] = fax.pageTexts.map(words);
				expect(cover).toContain('FAX');
				expect(cover).toContain(`To: ${submission['Recipient Name']}`);
				expect(cover).toContain(`Subject: ${submission.Subject}`);
				expect(cover).toContain(submission['Recipient Fax Number']);
				expect(cover).toContain(example.fromNumber);
				// The photo's page is the picture alone.
				expect(photoPage).toBe('');

				// One image, on page 2: the JPEG at its stored size (pixels as stored; the page turns them).
				expect(listedImages(fax.file)).toEqual([
					expect.objectContaining({
						page: 2,
						type: 'image',
						encoding: 'jpeg',
						width: photo.stored.width,
						height: photo.stored.height,
					}),
				]);
				// Embedded as it is: the scans the file holds, byte for byte (pdfimages -j writes a DCT stream out as it is).
				const root = join(pdfs.directory, 'embedded');
				execFileSync('pdfimages', ['-j', '-f', '2', '-l', '2', fax.file, root]);
				const [extracted] = readdirSync(pdfs.directory).filter((name) =>
					name.startsWith('embedded-'),
				);
				expect(extracted).toMatch(/\.jpg$/);
				const embedded = readFileSync(join(pdfs.directory, extracted));
				expect(scanData(embedded).equals(scanData(photo.jpeg))).toBe(true);

				// Upright as the phone showed it: the block in the top-left quarter of the drawn picture, a
				// portrait of the upright picture's proportions, each quarter's grey as ImageMagick's upright view's.
				const page = quadrants(renderedPage(fax.file, 2));
				const reference = quadrants(autoOrientedGrey(photoFile));
				expect(darkQuarter(page)).toBe('topLeft');
				expect(page.box.width / page.box.height).toBeCloseTo(
					photo.upright.width / photo.upright.height,
					1,
				);
				for (const quarter of ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const)
					expect({
						quarter,
						difference: Math.abs(page[quarter] - reference[quarter]) < 12,
					}).toEqual({ quarter, difference: true });
			},
			2 * MACHINE_MINUTE,
		);

		test('every execution succeeded', async () => {
			expect((await example.n8n.executions(example.workflowId)).map((e) => e.status)).toEqual([
				'success',
			]);
		});
	},
);
