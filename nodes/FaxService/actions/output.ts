import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What an operation returns for one input item: records (json) or full items (with binary). */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

/**
 * The Output option of the operations that read records (n8n's UX guideline for nodes used as AI
 * tools): Raw is the record as the service sent it; Simplified keeps what an agent needs to act on a
 * record and names what it left out; Selected Fields keeps the chosen fields and the record's id.
 * Field names are the service's (spec section 2), never renamed, so the three shapes read the same way.
 */

export type OutputMode = 'simple' | 'raw' | 'fields';

interface RecordKind {
	/** What one record is called in errors ("a received fax"). */
	label: string;
	/** Its identifier: kept by every mode, so a follow-up call can name the record. */
	id: string;
	/** Every field the spec gives it, in the spec's order: the choices of Selected Fields. */
	fields: readonly string[];
	/** What Simplified keeps; undefined when the record is small (10 fields or fewer) and stays whole. */
	simplified?: readonly string[];
}

const PATIENT = ['patientName', 'patientFirstName', 'patientMiddleName', 'patientLastName', 'patientDob'] as const;
const payor = (prefix: string) =>
	['Branch', 'Address', 'City', 'State', 'ZipCode', 'PhoneNumber', 'PoBoxNumber'].map((part) => `${prefix}InsurancePayor${part}`);

export const RECORD_KINDS = {
	sentFax: {
		label: 'a sent fax',
		id: 'sendToken',
		fields: [
			'sendToken', 'fromNumber', 'toNumber', 'sentStatus', 'sentAt', 'completedAt', 'numPages', 'errorDetails', 'isTest', 'patientName',
			'patientDob', 'senderName', 'recipientName', 'note', 'recordStatus', 'documentType', 'expiry', 'viewCount', 'secureLink',
		],
		simplified: ['sendToken', 'fromNumber', 'toNumber', 'sentStatus', 'sentAt', 'completedAt', 'numPages', 'errorDetails', 'isTest', 'recipientName'],
	},
	receivedFax: {
		label: 'a received fax',
		id: 'sendToken',
		fields: [
			'sendToken', 'fromNumber', 'toNumber', 'callerName', 'faxStatus', 'sentAt', 'completedAt', 'numPages', 'isTest', 'errorDetails',
			'callbackStatus', 'client', 'documentClassification', 'secondaryCategory', ...PATIENT, 'insuranceMemberId', 'referenceNumber',
			'authorizationNumber', 'codes', 'authDateRangeStart', 'authDateRangeEnd', 'denialReason', 'secureLink',
		],
		simplified: [
			'sendToken', 'fromNumber', 'toNumber', 'callerName', 'faxStatus', 'sentAt', 'completedAt', 'numPages', 'isTest', 'errorDetails',
			'documentClassification', 'patientName', 'patientDob',
		],
	},
	faxNumber: { label: 'a fax number', id: 'id', fields: ['id', 'number', 'callbackUrl', 'createdAt', 'client', 'uri'] },
	client: { label: 'a client', id: 'clientId', fields: ['clientId', 'name', 'faxNumbers'] },
	secureLinkEmail: {
		label: 'a secure-link e-mail',
		id: 'emailId',
		fields: [
			'emailId', 'recipientEmail', 'recipientName', 'senderName', 'replyToEmail', 'subject', 'note', 'patientName', 'patientDob',
			'recordStatus', 'emailStatus', 'secureLink', 'expiry', 'sentAt', 'lastViewedAt', 'isTest', 'errorDetails',
		],
		simplified: ['emailId', 'recipientEmail', 'recipientName', 'emailStatus', 'recordStatus', 'sentAt', 'lastViewedAt', 'expiry', 'isTest', 'errorDetails'],
	},
	aiResult: {
		label: 'an AI result',
		id: 'aiToken',
		fields: [
			'aiToken', ...PATIENT, 'patientPhoneNumber', 'patientGender', 'patientAddress', 'documentClassification', 'documentSummary',
			'insurancePlanName', 'insurancePayer', 'insuranceGroupNumber', 'insuranceMemberId', 'insuranceSubscriberName', 'insuranceMemberNames',
			...payor('primary'), 'secondaryInsurancePlanName', 'secondaryInsurancePayer', 'secondaryInsuranceGroupNumber', 'secondaryInsuranceMemberId',
			'secondarySubscriberName', 'secondaryMemberNames', ...payor('secondary'), 'icdCodesJson', 'cptCodesJson', 'hcpcsCodesJson',
			'completedAt', 'errorDetails',
		],
		simplified: [
			'aiToken', 'completedAt', 'errorDetails', 'documentClassification', 'documentSummary', 'patientName', 'patientDob', 'patientGender', 'patientPhoneNumber', 'patientAddress', 'insurancePayer', 'insuranceMemberId',
		],
	},
} satisfies Record<string, RecordKind>;

export type RecordKindName = keyof typeof RECORD_KINDS;

/** The field a simplified record gets: the names of the fields it left out that have a value. */
export const OMITTED_FIELDS = 'omittedFields';

const hasValue = (value: unknown) => value !== null && value !== undefined && value !== '';

function simplify(kind: RecordKind, record: IDataObject): IDataObject {
	if (!kind.simplified) return record;
	const kept = new Set(kind.simplified);
	const simple: IDataObject = {};
	for (const field of kind.simplified) if (field in record) simple[field] = record[field];
	simple[OMITTED_FIELDS] = Object.keys(record).filter((field) => !kept.has(field) && hasValue(record[field]));
	return simple;
}

/** A record of `kindName` as Output → Simplified gives it (the polling trigger's AI results use it too). */
export const simplifiedRecord = (kindName: RecordKindName, record: IDataObject): IDataObject => simplify(RECORD_KINDS[kindName], record);

function select(kind: RecordKind, fields: readonly string[], record: IDataObject): IDataObject {
	const picked: IDataObject = {};
	for (const field of [kind.id, ...fields]) if (field in record) picked[field] = record[field];
	return picked;
}

/** The chosen Fields, checked against the record's fields: an unknown one fails the item before any request. */
function readSelectedFields(ctx: IExecuteFunctions, itemIndex: number, kind: RecordKind): string[] {
	const value = ctx.getNodeParameter('fields', itemIndex, []) as unknown;
	// An expression may give a list or a comma-separated text.
	const fields = (Array.isArray(value) ? value.map(String) : String(value ?? '').split(','))
		.map((field) => field.trim())
		.filter((field) => field !== '');
	if (fields.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Fields is empty: choose at least one field, or set Output to Simplified or Raw [item ${itemIndex}]`, { itemIndex });
	}
	const unknown = fields.filter((field) => !kind.fields.includes(field));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Fields: "${unknown.join('", "')}" ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of ${kind.label} [item ${itemIndex}]`,
			{ itemIndex, description: `Choose from: ${kind.fields.join(', ')}` },
		);
	}
	return fields;
}

/** Reads the item's Output (and Fields), before its request; returns what shapes the operation's records. */
export function readOutput(ctx: IExecuteFunctions, itemIndex: number, kindName: RecordKindName): (result: OperationResult) => OperationResult {
	const kind: RecordKind = RECORD_KINDS[kindName];
	const mode = ctx.getNodeParameter('output', itemIndex, 'raw') as OutputMode;
	let shape: (record: IDataObject) => IDataObject;
	if (mode === 'raw') return (result) => result;
	if (mode === 'simple') shape = (record) => simplify(kind, record);
	else if (mode === 'fields') {
		const fields = readSelectedFields(ctx, itemIndex, kind);
		shape = (record) => select(kind, fields, record);
	} else {
		throw new NodeOperationError(ctx.getNode(), `Output must be Simplified, Raw or Selected Fields, got "${String(mode)}" [item ${itemIndex}]`, { itemIndex });
	}
	return (result) => (Array.isArray(result) ? (result as IDataObject[]).map(shape) : shape(result as IDataObject));
}
