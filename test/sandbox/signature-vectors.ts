/**
 * HMAC-SHA256 vectors computed independently with OpenSSL 3.0 (not with node's crypto), e.g.
 *
 *   printf '%s' 'tok123null' | openssl dgst -sha256 -hmac 'sk_test_sandbox'
 *
 * The message is UTF-8 without a trailing newline (spec 6.6). The callback tests first check
 * that their local HMAC reproduces every vector, so the checker is anchored to OpenSSL.
 */
export interface SignatureVector {
	key: string;
	message: string;
	hex: string;
}

export const OPENSSL_VECTORS: SignatureVector[] = [
	{
		key: 'sk_test_sandbox',
		message: 'tok123null',
		hex: '4fb26d933d1136141a7630f60a5ecd20d232d0dfb03de3d3df70a2404e69d234',
	},
	{
		key: 'sk_live_sandbox',
		message: 'tok1232025-01-02T03:04:05.678Z',
		hex: 'aa5a6ed2f113474707f4c474c4001f8246e52d55ae6bbb7530e391e42550fb74',
	},
	{
		// UTF-8 bytes 74 c3 b6 6b c3 a9 6e e2 9c 93 followed by the timestamp
		key: 'sk_test_sandbox',
		message: 'tökén✓2025-01-02T03:04:05Z',
		hex: '43efc70ab83510427edfaf9e22b59c7b79c6f2b43e6fd17e39006e5ac231d05e',
	},
	{
		key: 'sk_live_sandbox',
		message: 'ai_abcnull',
		hex: '7b573d6921a257337985d7f747647fbe45e2c1f80d359dfe476200b508347f59',
	},
	{
		key: 'sk_live_sandbox',
		message: '',
		hex: '61a4ca97441b57c79dab868221fc49347f27cb3fd780ecdc4057cc2c64ba1522',
	},
	{
		key: 'sk_test_other',
		message: 'f00dnull',
		hex: '4b806b5e4c58620c251786bb77353c8cbe4d36187494f2ffaf76d6d42402ddf6',
	},
];
