import type { FileKind } from './files';
import type { AiResult, ReceivedExtraction } from './extraction';

/** In-memory records of the one sandbox account. Both keys see all of them. */

export type SentStatus = 'queued' | 'inprogress' | 'success' | 'failure';
export type DocumentType = 'both' | 'document_only' | 'access_code_sheet_only';
export const DOCUMENT_TYPES: DocumentType[] = ['both', 'document_only', 'access_code_sheet_only'];

export interface SentFax {
	seq: number;
	sendToken: string;
	fromNumber: string;
	toNumber: string;
	sentStatus: SentStatus;
	sentAt: string | null;
	completedAt: string | null;
	numPages: number | null;
	errorDetails: { errorMessage: string | null } | null;
	isTest: boolean | null;
	patientName: string | null;
	patientDob: string | null;
	senderName: string | null;
	recipientName: string | null;
	note: string | null;
	recordStatus: 'activated' | 'archived' | 'revoked';
	documentType: DocumentType;
	expiry: string | null;
	viewCount: number;
	secureLink: string | null;
	// internal
	callbackUrl: string | null;
	file: Buffer;
	kind: FileKind;
}

export interface ReceivedFax {
	seq: number;
	sendToken: string;
	fromNumber: string;
	toNumber: string;
	callerName: string | null;
	faxStatus: 'success' | 'failure';
	sentAt: string | null;
	completedAt: string | null;
	numPages: number | null;
	isTest: boolean;
	errorDetails: { errorMessage: string | null } | null;
	callbackStatus: 'success' | 'failed' | 'pending' | null;
	client: string | null;
	extraction: ReceivedExtraction;
	secureLink: string | null;
	// internal
	file: Buffer;
	kind: FileKind;
}

export interface FaxNumber {
	seq: number;
	id: string;
	number: string;
	callbackUrl: string | null;
	createdAt: string;
	clientId: string | null;
}

export interface Client {
	seq: number;
	clientId: string;
	name: string;
}

export interface Email {
	seq: number;
	emailId: string;
	recipientEmail: string;
	recipientName: string | null;
	senderName: string | null;
	replyToEmail: string | null;
	subject: string | null;
	note: string | null;
	patientName: string | null;
	patientDob: string | null;
	recordStatus: 'activated' | 'archived' | 'revoked' | null;
	emailStatus: SentStatus;
	secureLink: string | null;
	expiry: string | null;
	sentAt: string | null;
	lastViewedAt: string | null;
	isTest: boolean;
	errorDetails: { errorCode: string | null; errorDetails: string | null };
	// internal
	callbackUrl: string | null;
}

export interface AiDocument {
	seq: number;
	result: AiResult;
	callbackUrl: string;
	file: Buffer;
}

export class AccountState {
	private seq = 0;
	sentFaxes = new Map<string, SentFax>();
	receivedFaxes = new Map<string, ReceivedFax>();
	faxNumbers = new Map<string, FaxNumber>();
	clients = new Map<string, Client>();
	emails = new Map<string, Email>();
	aiDocuments = new Map<string, AiDocument>();

	nextSeq(): number {
		return ++this.seq;
	}

	clear(): void {
		this.seq = 0;
		this.sentFaxes.clear();
		this.receivedFaxes.clear();
		this.faxNumbers.clear();
		this.clients.clear();
		this.emails.clear();
		this.aiDocuments.clear();
	}
}

// ---- serialization to the API shapes (spec section 2), fields in spec order ----

export function sentFaxView(f: SentFax) {
	return {
		sendToken: f.sendToken,
		fromNumber: f.fromNumber,
		toNumber: f.toNumber,
		sentStatus: f.sentStatus,
		sentAt: f.sentAt,
		completedAt: f.completedAt,
		numPages: f.numPages,
		errorDetails: f.errorDetails ? { ...f.errorDetails } : null,
		isTest: f.isTest,
		patientName: f.patientName,
		patientDob: f.patientDob,
		senderName: f.senderName,
		recipientName: f.recipientName,
		note: f.note,
		recordStatus: f.recordStatus,
		documentType: f.documentType,
		expiry: f.expiry,
		viewCount: f.viewCount,
		secureLink: f.secureLink,
	};
}

export function receivedFaxView(f: ReceivedFax) {
	const x = f.extraction;
	return {
		sendToken: f.sendToken,
		fromNumber: f.fromNumber,
		toNumber: f.toNumber,
		callerName: f.callerName,
		faxStatus: f.faxStatus,
		sentAt: f.sentAt,
		completedAt: f.completedAt,
		numPages: f.numPages,
		isTest: f.isTest,
		errorDetails: f.errorDetails ? { ...f.errorDetails } : null,
		callbackStatus: f.callbackStatus,
		client: f.client,
		documentClassification: x.documentClassification,
		secondaryCategory: x.secondaryCategory,
		patientName: x.patientName,
		patientFirstName: x.patientFirstName,
		patientMiddleName: x.patientMiddleName,
		patientLastName: x.patientLastName,
		patientDob: x.patientDob,
		insuranceMemberId: x.insuranceMemberId,
		referenceNumber: x.referenceNumber,
		authorizationNumber: x.authorizationNumber,
		// Stored-text form (spec 2.3); the callback carries the array (spec 6.4).
		codes: x.codes === null ? null : JSON.stringify(x.codes),
		authDateRangeStart: x.authDateRangeStart,
		authDateRangeEnd: x.authDateRangeEnd,
		denialReason: x.denialReason,
		secureLink: f.secureLink,
	};
}

export function emailView(e: Email) {
	return {
		emailId: e.emailId,
		recipientEmail: e.recipientEmail,
		recipientName: e.recipientName,
		senderName: e.senderName,
		replyToEmail: e.replyToEmail,
		subject: e.subject,
		note: e.note,
		patientName: e.patientName,
		patientDob: e.patientDob,
		recordStatus: e.recordStatus,
		emailStatus: e.emailStatus,
		secureLink: e.secureLink,
		expiry: e.expiry,
		sentAt: e.sentAt,
		lastViewedAt: e.lastViewedAt,
		isTest: e.isTest,
		errorDetails: { ...e.errorDetails },
	};
}
