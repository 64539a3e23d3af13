import {
	computeSignature,
	signatureMatches,
	signCallback,
	signingKeyEnvironment,
	signingMessage,
	verifyCallbackSignature,
} from '../../nodes/shared/callbacks/signature';

/**
 * Vectors computed independently of this code, with OpenSSL:
 *   printf '%s' "$message" | openssl dgst -sha256 -hmac "$key"
 */
const VECTORS: Array<[message: string, key: string, hex: string]> = [
	[
		'tok_123null',
		'sk_test_sandbox',
		'9ee9c1d2b2973745c9454e0425dd2962a30203a69df69dda63fdb18f87677ac5',
	],
	[
		'tok_123null',
		'sk_live_sandbox',
		'50c9448134af2381160a337b895da7fe5944086adc839a4a61b9571d0a5784bd',
	],
	[
		'tok_1232026-11-21T06:00:00.000Z',
		'sk_test_sandbox',
		'14d7e8abd09af17f4f823232f3f2f6b7bea86271d43af223ffca9395a4e3d20b',
	],
	[
		'tok_1232026-11-21T06:00:00.000Z',
		'sk_live_sandbox',
		'e2574a3afe21acd5edab1ced9e8ffe57512e81ec381d6189318336a1eefe4a17',
	],
	[
		'ai_9f2026-11-21T06:00:00Z',
		'sk_live_sandbox',
		'fd44e11691a53b9a51f72de1196604de91c4028c910f7751e1624b91f1c4d1c4',
	],
	[
		'tøk_ünïcode✓2026-01-01T00:00:00+02:00',
		'sk_test_sandbox',
		'686d976ca4bd71a43d28d72ba28b8614143ccd6dd4729a86c2bc0a222ea6926e',
	],
	[
		'tok_1232026-11-21T06:00:00.001Z',
		'sk_test_sandbox',
		'74e169a1ae4ad5715aca855490a30c626a405a0ee7f604278f837a0b1818dbc6',
	],
];

describe('signature module against OpenSSL vectors', () => {
	test.each(VECTORS)('HMAC-SHA256 of %j with %s', (message, key, hex) => {
		expect(computeSignature(message, key)).toBe(hex);
	});

	test('sent fax: sendToken + completedAt, test key when isTest is true', () => {
		const payload = JSON.parse(
			'{"sendToken":"tok_123","completedAt":"2026-11-21T06:00:00.000Z","isTest":true,"sentStatus":"success"}',
		);
		expect(signingMessage('sentFax', payload)).toBe('tok_1232026-11-21T06:00:00.000Z');
		expect(signingKeyEnvironment('sentFax', payload)).toBe('test');
		expect(signCallback('sentFax', payload, 'sk_test_sandbox')).toBe(VECTORS[2][2]);
	});

	test('received fax with JSON null completedAt signs the four characters null, live key when isTest is false', () => {
		const payload = JSON.parse(
			'{"sendToken":"tok_123","completedAt":null,"isTest":false,"faxStatus":"failure"}',
		);
		expect(signingMessage('receivedFax', payload)).toBe('tok_123null');
		expect(signingKeyEnvironment('receivedFax', payload)).toBe('live');
		expect(signCallback('receivedFax', payload, 'sk_live_sandbox')).toBe(VECTORS[1][2]);
	});

	test('a missing completedAt is treated like null; a missing isTest means live', () => {
		const payload = { sendToken: 'tok_123' };
		expect(signingMessage('sentFax', payload)).toBe('tok_123null');
		expect(signingKeyEnvironment('sentFax', payload)).toBe('live');
	});

	test('AI document: aiResult.aiToken + aiResult.completedAt, always the live key even for test records', () => {
		const payload = JSON.parse(
			'{"aiResult":{"aiToken":"ai_9f","completedAt":"2026-11-21T06:00:00Z","isTest":true}}',
		);
		expect(signingMessage('aiDocument', payload)).toBe('ai_9f2026-11-21T06:00:00Z');
		expect(signingKeyEnvironment('aiDocument', payload)).toBe('live');
		expect(signCallback('aiDocument', payload, 'sk_live_sandbox')).toBe(VECTORS[4][2]);
	});

	test('timestamps are used exactly as written, never re-formatted', () => {
		const payload = { aiResult: { aiToken: 'ai_9f', completedAt: '2026-11-21T06:00:00Z' } };
		// Re-serialising the date would give 2026-11-21T06:00:00.000Z and a different signature.
		expect(signCallback('aiDocument', payload, 'sk_live_sandbox')).not.toBe(
			computeSignature('ai_9f' + new Date('2026-11-21T06:00:00Z').toISOString(), 'sk_live_sandbox'),
		);
		expect(signCallback('aiDocument', payload, 'sk_live_sandbox')).toBe(VECTORS[4][2]);
	});

	test('unicode tokens are signed as UTF-8', () => {
		const payload = {
			sendToken: 'tøk_ünïcode✓',
			completedAt: '2026-01-01T00:00:00+02:00',
			isTest: true,
		};
		expect(signCallback('sentFax', payload, 'sk_test_sandbox')).toBe(VECTORS[5][2]);
	});

	describe('verification rejects tampering', () => {
		const payload = { sendToken: 'tok_123', completedAt: '2026-11-21T06:00:00.000Z', isTest: true };
		const good = VECTORS[2][2];

		test('accepts the genuine signature', () => {
			expect(verifyCallbackSignature('sentFax', payload, 'sk_test_sandbox', good)).toBe(true);
		});
		test('tampered token', () => {
			expect(
				verifyCallbackSignature(
					'sentFax',
					{ ...payload, sendToken: 'tok_124' },
					'sk_test_sandbox',
					good,
				),
			).toBe(false);
		});
		test('tampered timestamp (one millisecond)', () => {
			expect(
				verifyCallbackSignature(
					'sentFax',
					{ ...payload, completedAt: '2026-11-21T06:00:00.001Z' },
					'sk_test_sandbox',
					good,
				),
			).toBe(false);
		});
		test('wrong key (live instead of test)', () => {
			expect(verifyCallbackSignature('sentFax', payload, 'sk_live_sandbox', good)).toBe(false);
		});
		test('uppercase hex, a sha256= prefix, a truncated value and a missing header are refused', () => {
			expect(signatureMatches(good, good.toUpperCase())).toBe(false);
			expect(signatureMatches(good, `sha256=${good}`)).toBe(false);
			expect(signatureMatches(good, good.slice(0, 63))).toBe(false);
			expect(signatureMatches(good, undefined)).toBe(false);
		});
	});

	test('payloads without a token cannot be signed', () => {
		expect(() => signingMessage('sentFax', { completedAt: null })).toThrow(/sendToken/);
		expect(() => signingMessage('aiDocument', { aiResult: {} })).toThrow(/aiToken/);
		expect(() => signingMessage('aiDocument', {})).toThrow(/aiResult/);
	});
});
