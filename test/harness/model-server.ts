/**
 * A scripted OpenAI-compatible chat model for end-to-end tests of n8n's AI nodes: it serves
 * `POST <baseUrl>/chat/completions` (JSON, not streamed) and answers each
 * request with the next scripted turn: tool calls, or a final text. A turn is a function of the request,
 * so it can read what the previous tool call returned (the `tool` messages) and act on it. Every
 * request is recorded; anything unexpected (another path, no turn left, a turn that throws) is answered
 * 400, which the OpenAI client does not retry, and listed in `failures` for the test to show.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

export interface ChatToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool' | string;
	content?: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: ChatToolCall[];
	tool_call_id?: string;
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
	[key: string]: unknown;
}

/** What the model answers: tools to call (arguments as the model would write them), or its final text. */
export type ModelReply =
	| { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }
	| { content: string };
export type ModelTurn = (request: ChatRequest) => ModelReply;

export interface ModelServer {
	/** the OpenAI Base URL, e.g. http://127.0.0.1:PORT/v1 */
	readonly baseUrl: string;
	/** every chat-completions request, in arrival order */
	readonly requests: ChatRequest[];
	/** requests it could not answer, with why */
	readonly failures: string[];
	/** replaces the turns still to come */
	script(turns: ModelTurn[]): void;
	/** how many scripted turns are still unused */
	remaining(): number;
	stop(): Promise<void>;
}

/** A message's text, whether the client sent a string or content parts. */
export function messageText(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

/** The tool results a request carries back to the model: each tool message with the call it answers. */
export function toolResults(
	request: ChatRequest,
): Array<{ name: string; arguments: Record<string, unknown>; content: string }> {
	const calls = new Map(
		request.messages.flatMap((message) => message.tool_calls ?? []).map((call) => [call.id, call]),
	);
	return request.messages
		.filter((message) => message.role === 'tool')
		.map((message) => {
			const call = calls.get(message.tool_call_id ?? '');
			return {
				name: call?.function.name ?? '?',
				arguments: JSON.parse(call?.function.arguments ?? '{}') as Record<string, unknown>,
				content: messageText(message),
			};
		});
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', reject);
	});
}

/** The assistant message of a reply, with tool-call ids unique across the server's life. */
function assistantMessage(
	reply: ModelReply,
	nextCallId: () => string,
): { content: string | null; tool_calls?: ChatToolCall[] } {
	if ('content' in reply) return { content: reply.content };
	return {
		content: null,
		tool_calls: reply.toolCalls.map((call) => ({
			id: nextCallId(),
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		})),
	};
}

function answerJson(
	response: ServerResponse,
	model: string,
	message: ReturnType<typeof assistantMessage>,
): void {
	const finishReason = message.tool_calls ? 'tool_calls' : 'stop';
	response.writeHead(200, { 'content-type': 'application/json' });
	response.end(
		JSON.stringify({
			id: `chatcmpl-${Date.now()}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model,
			choices: [
				{
					index: 0,
					message: { role: 'assistant', ...message },
					finish_reason: finishReason,
					logprobs: null,
				},
			],
			usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
		}),
	);
}

export async function startModelServer(options: { port?: number } = {}): Promise<ModelServer> {
	const requests: ChatRequest[] = [];
	const failures: string[] = [];
	let turns: ModelTurn[] = [];
	let callCount = 0;
	const nextCallId = () => `call_${++callCount}`;

	const refuse = (response: ServerResponse, why: string) => {
		failures.push(why);
		response.writeHead(400, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify({ error: { message: `model server: ${why}`, type: 'invalid_request_error' } }),
		);
	};

	const server = createServer((request, response) => {
		void (async () => {
			const text = await readBody(request);
			if (request.method !== 'POST' || !/\/chat\/completions$/.test(request.url ?? '')) {
				refuse(response, `unexpected ${request.method} ${request.url}`);
				return;
			}
			const chat = JSON.parse(text) as ChatRequest;
			requests.push(chat);
			// The agents here (behind a Webhook, or run by hand) ask without streaming on both hosts; a stream would need SSE.
			if (chat.stream) {
				refuse(
					response,
					`request ${requests.length} asks for a stream, which this model does not speak`,
				);
				return;
			}
			const turn = turns.shift();
			if (!turn) {
				refuse(
					response,
					`no scripted turn left for request ${requests.length}: ${text.slice(0, 2000)}`,
				);
				return;
			}
			let reply: ModelReply;
			try {
				reply = turn(chat);
			} catch (error) {
				refuse(response, `turn of request ${requests.length} failed: ${(error as Error).message}`);
				return;
			}
			answerJson(response, chat.model, assistantMessage(reply, nextCallId));
		})();
	});
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		failures,
		script(next) {
			turns = [...next];
		},
		remaining: () => turns.length,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
