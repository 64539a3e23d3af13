/**
 * The gate's stop (gate.ts), on its own: after `stop()` no task starts, whether it was waiting at its
 * first pass or reaches it later, and `check` and `open` still resolve.
 */
import { Cancelled, Gate } from '../../nodes/shared/execution/gate';

const tick = async () => await new Promise((resolve) => setImmediate(resolve));

describe('Gate.stop', () => {
	test('stopped while tasks are still on their way to their first pass: the late ones are cancelled and check resolves', async () => {
		const gate = new Gate<string>(2);
		const started: number[] = [];
		let arrive: () => void = () => undefined;
		const late = new Promise<void>((resolve) => (arrive = resolve));
		const checking = gate.check([0, 1, 2], async (index) => {
			if (index === 2) await late;
			await gate.pass(index);
			started.push(index);
			return `done ${index}`;
		});
		await tick();
		gate.stop();
		arrive();
		expect((await checking).size).toBe(0);
		expect(await gate.open()).toEqual(new Map());
		expect(started).toEqual([]);
	});

	test('stopped after opening: the tasks through settle with their outcome, the waiting ones never start', async () => {
		const gate = new Gate<string>(1);
		const started: number[] = [];
		let finishFirst: () => void = () => undefined;
		const first = new Promise<void>((resolve) => (finishFirst = resolve));
		await gate.check([0, 1, 2], async (index) => {
			await gate.pass(index);
			started.push(index);
			if (index === 0) await first;
			return `done ${index}`;
		});
		const opening = gate.open();
		await tick();
		gate.stop();
		finishFirst();
		const outcomes = await opening;
		expect(started).toEqual([0]);
		expect([...outcomes]).toEqual([[0, { ok: true, value: 'done 0' }]]);
	});

	test('a pass after the stop rejects with Cancelled', async () => {
		const gate = new Gate<void>(1);
		let passing: Promise<void> | undefined;
		const checking = gate.check([0], async (index) => {
			await new Promise((resolve) => setImmediate(resolve));
			passing = gate.pass(index);
			await passing;
		});
		gate.stop();
		await checking;
		await expect(passing).rejects.toBeInstanceOf(Cancelled);
	});
});
