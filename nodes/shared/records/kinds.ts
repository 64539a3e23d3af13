import type { IDataObject } from 'n8n-workflow';

/**
 * The kinds of record the service returns (spec section 2) and the shapes the Output option gives
 * them: Simplified keeps what an agent needs to act on a record and names what it left out; Selected
 * Fields keeps the chosen fields and the record's id. Field names are the service's, never renamed.
 * Each kind also names its patient fields: the one list of what an AI tool withholds from the model.
 */

export interface RecordKind {
	/** What one record is called in errors ("a received fax"). */
	label: string;
	/** Its identifier: kept by every mode, so a follow-up call can name the record. */
	id: string;
	/** Every field the spec gives it, in the spec's order: the choices of Selected Fields. */
	fields: readonly string[];
	/** What Simplified keeps; undefined when the record is small (10 fields or fewer) and stays whole. */
	simplified?: readonly string[];
	/**
	 * Its patient fields: who the patient is and their care (name, date of birth, contact, insurance,
	 * codes, authorizations, the AI's extracted fields and summary), free text that can carry them
	 * (note, subject), and the secure link, which opens the patient's document. An AI tool's model gets
	 * them only with Patient Data for the Model on (withoutPatientFields). Undefined: none.
	 */
	patient?: readonly string[];
}

const PATIENT = [
	'patientName',
	'patientFirstName',
	'patientMiddleName',
	'patientLastName',
	'patientDob',
] as const;
const payor = (prefix: string) =>
	['Branch', 'Address', 'City', 'State', 'ZipCode', 'PhoneNumber', 'PoBoxNumber'].map(
		(part) => `${prefix}InsurancePayor${part}`,
	);
/** A received fax's AI extraction fields about the patient and their care (spec 2.3). */
const RECEIVED_CARE = [
	...PATIENT,
	'insuranceMemberId',
	'referenceNumber',
	'authorizationNumber',
	'codes',
	'authDateRangeStart',
	'authDateRangeEnd',
	'denialReason',
] as const;
/** An AI result's patient (spec 2.7, Patient). */
const AI_PATIENT = [...PATIENT, 'patientPhoneNumber', 'patientGender', 'patientAddress'] as const;
/** An AI result's insurance and codes (spec 2.7, Primary and Secondary insurance, Codes). */
const AI_COVERAGE = [
	'insurancePlanName',
	'insurancePayer',
	'insuranceGroupNumber',
	'insuranceMemberId',
	'insuranceSubscriberName',
	'insuranceMemberNames',
	...payor('primary'),
	'secondaryInsurancePlanName',
	'secondaryInsurancePayer',
	'secondaryInsuranceGroupNumber',
	'secondaryInsuranceMemberId',
	'secondarySubscriberName',
	'secondaryMemberNames',
	...payor('secondary'),
	'icdCodesJson',
	'cptCodesJson',
	'hcpcsCodesJson',
];

export const RECORD_KINDS = {
	sentFax: {
		label: 'a sent fax',
		id: 'sendToken',
		fields: [
			'sendToken',
			'fromNumber',
			'toNumber',
			'sentStatus',
			'sentAt',
			'completedAt',
			'numPages',
			'errorDetails',
			'isTest',
			'patientName',
			'patientDob',
			'senderName',
			'recipientName',
			'note',
			'recordStatus',
			'documentType',
			'expiry',
			'viewCount',
			'secureLink',
		],
		simplified: [
			'sendToken',
			'fromNumber',
			'toNumber',
			'sentStatus',
			'sentAt',
			'completedAt',
			'numPages',
			'errorDetails',
			'isTest',
			'recipientName',
		],
		// A fax's sender and recipient are practices (their names print on the cover page); the patient is named apart.
		patient: ['patientName', 'patientDob', 'note', 'secureLink'],
	},
	receivedFax: {
		label: 'a received fax',
		id: 'sendToken',
		fields: [
			'sendToken',
			'fromNumber',
			'toNumber',
			'callerName',
			'faxStatus',
			'sentAt',
			'completedAt',
			'numPages',
			'isTest',
			'errorDetails',
			'callbackStatus',
			'client',
			'documentClassification',
			'secondaryCategory',
			...RECEIVED_CARE,
			'secureLink',
		],
		simplified: [
			'sendToken',
			'fromNumber',
			'toNumber',
			'callerName',
			'faxStatus',
			'sentAt',
			'completedAt',
			'numPages',
			'isTest',
			'errorDetails',
			'documentClassification',
			'patientName',
			'patientDob',
		],
		// The document's type (documentClassification, secondaryCategory) and the caller ID (a practice's) stay.
		patient: [...RECEIVED_CARE, 'secureLink'],
	},
	faxNumber: {
		label: 'a fax number',
		id: 'id',
		fields: ['id', 'number', 'callbackUrl', 'createdAt', 'client', 'uri'],
	},
	client: { label: 'a client', id: 'clientId', fields: ['clientId', 'name', 'faxNumbers'] },
	secureLinkEmail: {
		label: 'a secure-link e-mail',
		id: 'emailId',
		fields: [
			'emailId',
			'recipientEmail',
			'recipientName',
			'senderName',
			'replyToEmail',
			'subject',
			'note',
			'patientName',
			'patientDob',
			'recordStatus',
			'emailStatus',
			'secureLink',
			'expiry',
			'sentAt',
			'lastViewedAt',
			'isTest',
			'errorDetails',
		],
		simplified: [
			'emailId',
			'recipientEmail',
			'recipientName',
			'emailStatus',
			'recordStatus',
			'sentAt',
			'lastViewedAt',
			'expiry',
			'isTest',
			'errorDetails',
		],
		// A secure-link e-mail may go to the patient: its recipient's address and name count as theirs.
		patient: [
			'recipientEmail',
			'recipientName',
			'subject',
			'note',
			'patientName',
			'patientDob',
			'secureLink',
		],
	},
	aiResult: {
		label: 'an AI result',
		id: 'aiToken',
		fields: [
			'aiToken',
			...AI_PATIENT,
			'documentClassification',
			'documentSummary',
			...AI_COVERAGE,
			'completedAt',
			'errorDetails',
		],
		simplified: [
			'aiToken',
			'completedAt',
			'errorDetails',
			'documentClassification',
			'documentSummary',
			'patientName',
			'patientDob',
			'patientGender',
			'patientPhoneNumber',
			'patientAddress',
			'insurancePayer',
			'insuranceMemberId',
		],
		// The summary is free text about the patient; the model keeps the token, the type, the time and any error.
		patient: [...AI_PATIENT, 'documentSummary', ...AI_COVERAGE],
	},
} satisfies Record<string, RecordKind>;

export type RecordKindName = keyof typeof RECORD_KINDS;

/** The field a simplified record gets: the names of the fields it left out that have a value. */
export const OMITTED_FIELDS = 'omittedFields';

const hasValue = (value: unknown) => value !== null && value !== undefined && value !== '';

/** A record as Output → Simplified gives it (the action's records and the polling trigger's AI results). */
export function simplifiedRecord(kind: RecordKind, record: IDataObject): IDataObject {
	if (!kind.simplified) return record;
	const kept = new Set(kind.simplified);
	const simple: IDataObject = {};
	for (const field of kind.simplified) if (field in record) simple[field] = record[field];
	simple[OMITTED_FIELDS] = Object.keys(record).filter(
		(field) => !kept.has(field) && hasValue(record[field]),
	);
	return simple;
}

/** A record as Output → Selected Fields gives it: the chosen fields and the record's id. */
export function selectedRecord(
	kind: RecordKind,
	fields: readonly string[],
	record: IDataObject,
): IDataObject {
	const picked: IDataObject = {};
	for (const field of [kind.id, ...fields]) if (field in record) picked[field] = record[field];
	return picked;
}

/**
 * A record without its kind's patient fields (RecordKind.patient): what an AI tool's model gets unless
 * the workflow's author turns Patient Data for the Model on. Any other answer of the kind (Send's
 * `{message, faxId}`) passes through the same rule.
 */
export function withoutPatientFields(kind: RecordKind, record: IDataObject): IDataObject {
	if (!kind.patient) return record;
	const patient = new Set(kind.patient);
	return Object.fromEntries(Object.entries(record).filter(([field]) => !patient.has(field)));
}
