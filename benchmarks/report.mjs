// `npm run bench:report`: writes the table at the top of docs/benchmarks.md (each target of
// benchmarks/targets.mjs with its latest figure in benchmarks/results/, met or not) again. Every
// kept run of a bench writes it too; this is for a change of the targets or of a kept run by hand.
import { BENCHMARKS_DOC, writeBarsTable } from './lib/bars-table.mjs';

writeBarsTable();
console.log(`Written: the table of ${BENCHMARKS_DOC}.`);
