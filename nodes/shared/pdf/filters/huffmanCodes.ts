/**
 * Huffman codes for deflate's encoder: code lengths from symbol frequencies, at most maxLength bits
 * long, and the canonical codes for those lengths (RFC 1951 section 3.2.2), bit-reversed because
 * deflate writes codes first bit first into a stream packed lowest bit first.
 */

import { reverseBits } from './huffmanDecoder';

/**
 * Optimal code lengths for the frequencies, limited to maxLength bits. At least two symbols get a code
 * (as zlib does): a code of one symbol is not a complete prefix code, and some inflaters reject it.
 */
export function huffmanCodeLengths(frequencies: ArrayLike<number>, maxLength: number): Uint8Array {
	const lengths = new Uint8Array(frequencies.length);
	const used: number[] = [];
	for (let symbol = 0; symbol < frequencies.length; symbol++)
		if (frequencies[symbol] > 0) used.push(symbol);
	if (used.length < 2) {
		const first = used.length === 1 ? used[0] : 0;
		lengths[first] = 1;
		lengths[first === 0 ? 1 : 0] = 1;
		return lengths;
	}
	used.sort((a, b) => frequencies[a] - frequencies[b] || a - b);
	const lengthCounts = treeDepthCounts(used.map((symbol) => frequencies[symbol]));
	limitLengths(lengthCounts, maxLength);
	// The longest codes go to the least frequent symbols.
	let next = 0;
	for (let length = maxLength; length >= 1; length--) {
		for (let n = lengthCounts[length]; n > 0; n--) lengths[used[next++]] = length;
	}
	return lengths;
}

/**
 * Builds the Huffman tree of weights sorted ascending (two queues: the leaves, and the internal nodes,
 * which are made in ascending weight order) and counts the leaves at each depth.
 */
function treeDepthCounts(weights: number[]): number[] {
	const leaves = weights.length;
	const nodeWeights = new Float64Array(2 * leaves - 1);
	const parents = new Int32Array(2 * leaves - 1);
	nodeWeights.set(weights);
	let nextLeaf = 0;
	let nextNode = leaves;
	const takeLightest = (made: number): number => {
		if (nextLeaf < leaves && (nextNode >= made || nodeWeights[nextLeaf] <= nodeWeights[nextNode]))
			return nextLeaf++;
		return nextNode++;
	};
	for (let made = leaves; made < 2 * leaves - 1; made++) {
		const a = takeLightest(made);
		const b = takeLightest(made);
		nodeWeights[made] = nodeWeights[a] + nodeWeights[b];
		parents[a] = made;
		parents[b] = made;
	}
	// A parent always has a higher index than its children, so one backward pass gives every depth.
	const depths = new Int32Array(2 * leaves - 1);
	const counts = new Array<number>(leaves + 1).fill(0);
	for (let node = 2 * leaves - 3; node >= 0; node--) {
		depths[node] = depths[parents[node]] + 1;
		if (node < leaves) counts[depths[node]]++;
	}
	return counts;
}

/**
 * Moves codes longer than maxLength to maxLength, then lengthens shorter codes until the lengths fit a
 * prefix code again (Kraft sum 1); miniz's method, close to optimal for the rare blocks that need it.
 */
function limitLengths(counts: number[], maxLength: number): void {
	while (counts.length <= maxLength) counts.push(0);
	for (let length = maxLength + 1; length < counts.length; length++) {
		counts[maxLength] += counts[length];
		counts[length] = 0;
	}
	let total = 0;
	for (let length = maxLength; length > 0; length--)
		total += counts[length] * 2 ** (maxLength - length);
	const full = 2 ** maxLength;
	while (total > full) {
		counts[maxLength]--;
		for (let length = maxLength - 1; length > 0; length--) {
			if (counts[length] !== 0) {
				counts[length]--;
				counts[length + 1] += 2;
				break;
			}
		}
		total--;
	}
}

/** The canonical code of each symbol, bit-reversed for writing (0 for symbols without a code). */
export function canonicalCodes(lengths: Uint8Array): Uint16Array {
	const counts = new Uint16Array(16);
	for (const length of lengths) counts[length]++;
	counts[0] = 0;
	const nextCode = new Uint16Array(16);
	for (let length = 1, code = 0; length <= 15; length++) {
		code = (code + counts[length - 1]) << 1;
		nextCode[length] = code;
	}
	const codes = new Uint16Array(lengths.length);
	for (let symbol = 0; symbol < lengths.length; symbol++) {
		const length = lengths[symbol];
		if (length !== 0) codes[symbol] = reverseBits(nextCode[length]++, length);
	}
	return codes;
}
