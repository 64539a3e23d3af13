/**
 * The joined catalog's /AcroForm and /OCProperties as qpdf reads them (qpdf --json=2), not as our own
 * reader does: the form's fields as qpdf finds them through /Fields (full name, value, page), the form's
 * defaults and resources, and the layers with those off by default, each by name.
 */
import { execFileSync } from 'child_process';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonDict = { [key: string]: Json };

export interface QpdfCatalog {
	/** The catalog's keys. */
	keys: string[];
	/** qpdf's fields, each "full name = value (page N)", and its /NeedAppearances. */
	fields: string[];
	needAppearances: boolean;
	/** The /AcroForm's own entries: /Fields as references, /DA and /Q as qpdf writes them, /DR's fonts as key -> /BaseFont. */
	form: JsonDict | undefined;
	fieldReferences: string[];
	fonts: Record<string, string>;
	/** /OCProperties: each group's /Name, and those of /D /OFF; the references of /OCGs. */
	layers: string[] | undefined;
	layersOff: string[] | undefined;
	layerReferences: string[];
	/** An object of the file (its dictionary, for a stream). */
	object(reference: string): JsonDict;
}

const text = (value: Json | undefined): string =>
	typeof value === 'string' ? value.replace(/^u:/, '') : String(value);

/** What qpdf reads of the catalog of the PDF file `file`. */
export function qpdfCatalog(file: string): QpdfCatalog {
	const json = JSON.parse(
		execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=acroform', file], {
			encoding: 'utf8',
		}),
	);
	const objects = json.qpdf[1] as Record<string, { value?: JsonDict; stream?: { dict: JsonDict } }>;
	const object = (reference: string): JsonDict => {
		const found = objects[`obj:${reference}`];
		return found?.value ?? found?.stream?.dict ?? {};
	};
	const catalog = object(json.qpdf[1]['trailer']?.value?.['/Root'] ?? '1 0 R');
	const form = catalog['/AcroForm'] as JsonDict | undefined;
	const resources = (form?.['/DR'] as JsonDict | undefined)?.['/Font'] as
		| Record<string, string>
		| undefined;
	const properties = catalog['/OCProperties'] as JsonDict | undefined;
	const layerReferences = (properties?.['/OCGs'] as string[] | undefined) ?? [];
	const names = (references: Json | undefined) =>
		(references as string[] | undefined)?.map((reference) => text(object(reference)['/Name']));
	const acroform = json.acroform as {
		fields: Array<{ fullname: string; value: Json; pageposfrom1: number }>;
		needappearances: boolean;
	};
	return {
		keys: Object.keys(catalog),
		fields: acroform.fields.map(
			(field) => `${field.fullname} = ${text(field.value)} (page ${field.pageposfrom1})`,
		),
		needAppearances: acroform.needappearances,
		form,
		fieldReferences: (form?.['/Fields'] as string[] | undefined) ?? [],
		fonts: Object.fromEntries(
			Object.entries(resources ?? {}).map(([key, reference]) => [
				key,
				text(object(reference)['/BaseFont']),
			]),
		),
		layers: names(properties?.['/OCGs']),
		layersOff: names((properties?.['/D'] as JsonDict | undefined)?.['/OFF']),
		layerReferences,
		object,
	};
}
