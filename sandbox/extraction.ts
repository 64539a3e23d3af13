import { fileDigest } from './files';

/**
 * Deterministic stand-in for the service's AI extraction. The classification is read from the
 * raw file bytes (case-insensitive): "PRIOR AUTH" or "DENIED" -> prior_authorization,
 * "REFERRAL" -> referral, anything else -> medical_records. "UNREADABLE" makes an AI document
 * fail (errorDetails set, extracted fields null).
 */
export type Classification = 'prior_authorization' | 'referral' | 'medical_records';

interface Profile {
	classification: Classification;
	denied: boolean;
	unreadable: boolean;
	digest: string;
}

export function profile(data: Buffer): Profile {
	const text = data.toString('latin1').toUpperCase();
	const denied = text.includes('DENIED');
	const classification: Classification =
		text.includes('PRIOR AUTH') || denied
			? 'prior_authorization'
			: text.includes('REFERRAL')
				? 'referral'
				: 'medical_records';
	return {
		classification,
		denied,
		unreadable: text.includes('UNREADABLE'),
		digest: fileDigest(data),
	};
}

export const SANDBOX_PATIENT = {
	patientName: 'Jane Q Sample',
	patientFirstName: 'Jane',
	patientMiddleName: 'Q',
	patientLastName: 'Sample',
	patientDob: '1980-01-15',
	patientPhoneNumber: '+15555550123',
	patientGender: 'female',
	patientAddress: '123 Sample Street, Springfield, IL 62701',
};

const CODES: Record<Classification, Array<{ code: string }>> = {
	referral: [{ code: 'I10' }, { code: 'E11.9' }],
	prior_authorization: [{ code: 'M54.5' }, { code: '72148' }],
	medical_records: [{ code: 'E11.9' }],
};

const SECONDARY: Record<Classification, string> = {
	referral: 'cardiology_referral',
	prior_authorization: 'authorization_approval',
	medical_records: 'lab_results',
};

/** AI extraction fields of a received fax (spec 2.3), `codes` as an array (callback form). */
export interface ReceivedExtraction {
	documentClassification: string | null;
	secondaryCategory: string | null;
	patientName: string | null;
	patientFirstName: string | null;
	patientMiddleName: string | null;
	patientLastName: string | null;
	patientDob: string | null;
	insuranceMemberId: string | null;
	referenceNumber: string | null;
	authorizationNumber: string | null;
	codes: Array<{ code: string }> | null;
	authDateRangeStart: string | null;
	authDateRangeEnd: string | null;
	denialReason: string | null;
}

export const EMPTY_RECEIVED_EXTRACTION: ReceivedExtraction = {
	documentClassification: null,
	secondaryCategory: null,
	patientName: null,
	patientFirstName: null,
	patientMiddleName: null,
	patientLastName: null,
	patientDob: null,
	insuranceMemberId: null,
	referenceNumber: null,
	authorizationNumber: null,
	codes: null,
	authDateRangeStart: null,
	authDateRangeEnd: null,
	denialReason: null,
};

export function extractReceived(data: Buffer): ReceivedExtraction {
	const p = profile(data);
	const auth = p.classification === 'prior_authorization';
	return {
		documentClassification: p.classification,
		secondaryCategory: p.denied ? 'authorization_denial' : SECONDARY[p.classification],
		patientName: SANDBOX_PATIENT.patientName,
		patientFirstName: SANDBOX_PATIENT.patientFirstName,
		patientMiddleName: SANDBOX_PATIENT.patientMiddleName,
		patientLastName: SANDBOX_PATIENT.patientLastName,
		patientDob: SANDBOX_PATIENT.patientDob,
		insuranceMemberId: 'SBX123456789',
		referenceNumber: `REF-${p.digest}`,
		authorizationNumber: auth ? `AUTH-${p.digest}` : null,
		codes: CODES[p.classification].map((c) => ({ ...c })),
		authDateRangeStart: auth ? '2025-01-01' : null,
		authDateRangeEnd: auth ? '2025-06-30' : null,
		denialReason: p.denied ? 'Service not medically necessary' : null,
	};
}

/** Every field of spec 2.7 in order; all null except aiToken until processing completes. */
export const AI_RESULT_FIELDS = [
	'aiToken',
	'patientName',
	'patientFirstName',
	'patientMiddleName',
	'patientLastName',
	'patientDob',
	'patientPhoneNumber',
	'patientGender',
	'patientAddress',
	'documentClassification',
	'documentSummary',
	'insurancePlanName',
	'insurancePayer',
	'insuranceGroupNumber',
	'insuranceMemberId',
	'insuranceSubscriberName',
	'insuranceMemberNames',
	'primaryInsurancePayorBranch',
	'primaryInsurancePayorAddress',
	'primaryInsurancePayorCity',
	'primaryInsurancePayorState',
	'primaryInsurancePayorZipCode',
	'primaryInsurancePayorPhoneNumber',
	'primaryInsurancePayorPoBoxNumber',
	'secondaryInsurancePlanName',
	'secondaryInsurancePayer',
	'secondaryInsuranceGroupNumber',
	'secondaryInsuranceMemberId',
	'secondarySubscriberName',
	'secondaryMemberNames',
	'secondaryInsurancePayorBranch',
	'secondaryInsurancePayorAddress',
	'secondaryInsurancePayorCity',
	'secondaryInsurancePayorState',
	'secondaryInsurancePayorZipCode',
	'secondaryInsurancePayorPhoneNumber',
	'secondaryInsurancePayorPoBoxNumber',
	'icdCodesJson',
	'cptCodesJson',
	'hcpcsCodesJson',
	'completedAt',
	'errorDetails',
] as const;

export type AiResult = Record<(typeof AI_RESULT_FIELDS)[number], unknown> & { aiToken: string };

export function pendingAiResult(aiToken: string): AiResult {
	const result = {} as Record<string, unknown>;
	for (const field of AI_RESULT_FIELDS) result[field] = null;
	result.aiToken = aiToken;
	return result as AiResult;
}

const SUMMARIES: Record<Classification, string> = {
	referral:
		'Referral of the patient to cardiology for evaluation of hypertension and type 2 diabetes (sandbox extraction).',
	prior_authorization:
		'Prior authorization request for a lumbar spine MRI for low back pain (sandbox extraction).',
	medical_records:
		'Medical records: laboratory results for type 2 diabetes follow-up (sandbox extraction).',
};

const ICD: Record<Classification, Array<{ code: string; description: string }>> = {
	referral: [
		{ code: 'I10', description: 'Essential (primary) hypertension' },
		{ code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
	],
	prior_authorization: [{ code: 'M54.5', description: 'Low back pain' }],
	medical_records: [
		{ code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
	],
};

const CPT: Record<Classification, Array<{ code: string; description: string }>> = {
	referral: [{ code: '99204', description: 'New patient office visit' }],
	prior_authorization: [{ code: '72148', description: 'MRI lumbar spine without contrast' }],
	medical_records: [{ code: '83036', description: 'Hemoglobin A1c' }],
};

/** The completed AI result for a PDF (deterministic from its bytes). */
export function completeAiResult(aiToken: string, data: Buffer, completedAt: string): AiResult {
	const p = profile(data);
	const result = pendingAiResult(aiToken);
	result.completedAt = completedAt;
	if (p.unreadable) {
		result.errorDetails =
			'The document could not be read (sandbox rule: the file contains UNREADABLE)';
		return result;
	}
	Object.assign(result, SANDBOX_PATIENT, {
		documentClassification: p.classification,
		documentSummary: SUMMARIES[p.classification],
		insurancePlanName: 'Sandbox Health PPO',
		insurancePayer: 'Sandbox Health Insurance Co.',
		insuranceGroupNumber: 'GRP-001122',
		insuranceMemberId: 'SBX123456789',
		insuranceSubscriberName: 'Jane Q Sample',
		insuranceMemberNames: 'Jane Q Sample',
		primaryInsurancePayorBranch: 'Claims Department',
		primaryInsurancePayorAddress: '500 Payer Plaza',
		primaryInsurancePayorCity: 'Springfield',
		primaryInsurancePayorState: 'IL',
		primaryInsurancePayorZipCode: '62701',
		primaryInsurancePayorPhoneNumber: '+15555550199',
		primaryInsurancePayorPoBoxNumber: 'PO Box 1234',
		icdCodesJson: ICD[p.classification].map((c) => ({ ...c })),
		cptCodesJson: CPT[p.classification].map((c) => ({ ...c })),
		hcpcsCodesJson: [],
	});
	return result;
}
