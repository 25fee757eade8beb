import { Histogram, type Registry } from "prom-client";

type Exposed = Awaited<ReturnType<Histogram["get"]>>;

/**
 * The request-duration histogram, counted on the hot path in plain arrays and read into prom-client's
 * exposition at each scrape. prom-client's own `observe` builds a label object, a closure and a key
 * string per call and looks buckets up by their number as a property name: on a page-cache hit (about
 * 150 µs of CPU in all) that was a tenth of the answer's cost (scripts/bench/metrics.bench.ts). Every
 * label here has a small fixed set of values, so each combination is an index, and its buckets, sum
 * and count a Float64Array made on first use. The output is prom-client's: the same registry, text
 * format, HELP and TYPE lines, cumulative buckets and +Inf, `_sum`, `_count`.
 */
export class RequestHistogram<const L extends readonly string[]> extends Histogram<L[number]> {
  private readonly metricName: string;
  private readonly helpText: string;
  private readonly names: readonly string[];
  private readonly bounds: readonly number[];
  private readonly values: readonly (readonly string[])[];
  private readonly series = new Map<number, Float64Array>();

  constructor(options: { name: string; help: string; labels: { [K in keyof L]: readonly string[] }; labelNames: L; buckets: readonly number[]; registers: Registry[] }) {
    super({ name: options.name, help: options.help, labelNames: options.labelNames, buckets: [...options.buckets], registers: options.registers });
    this.metricName = options.name;
    this.helpText = options.help;
    this.names = options.labelNames;
    this.bounds = options.buckets;
    this.values = options.labels as readonly (readonly string[])[];
  }

  /** One observation: `at` holds each label's index in its list of values (labels), in labelNames order. */
  record(at: readonly number[], seconds: number): void {
    let key = 0;
    for (let i = 0; i < at.length; i += 1) key = key * (this.values[i]?.length ?? 1) + (at[i] ?? 0);
    let counts = this.series.get(key);
    if (!counts) {
      counts = new Float64Array(this.bounds.length + 2);
      this.series.set(key, counts);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket += 1;
    if (bucket < this.bounds.length) counts[bucket] = (counts[bucket] as number) + 1;
    const n = this.bounds.length;
    counts[n] = (counts[n] as number) + seconds;
    counts[n + 1] = (counts[n + 1] as number) + 1;
  }

  override reset(): void {
    // prom-client's constructor calls reset() before this class's fields exist.
    (this.series as Map<number, Float64Array> | undefined)?.clear();
  }

  override async get(): Promise<Exposed> {
    const name = this.metricName;
    const n = this.bounds.length;
    const values: Exposed["values"] = [];
    for (const [key, counts] of [...this.series].sort(([a], [b]) => a - b)) {
      const labels: Record<string, string> = {};
      let rest = key;
      for (let i = this.values.length - 1; i >= 0; i -= 1) {
        const options = this.values[i] as readonly string[];
        labels[this.names[i] as string] = options[rest % options.length] as string;
        rest = Math.floor(rest / options.length);
      }
      const ordered = Object.fromEntries(this.names.map((label) => [label, labels[label] as string]));
      let cumulative = 0;
      for (let bucket = 0; bucket < n; bucket += 1) {
        cumulative += counts[bucket] as number;
        values.push({ labels: { le: this.bounds[bucket] as number, ...ordered }, value: cumulative, metricName: `${name}_bucket` });
      }
      values.push({ labels: { le: "+Inf", ...ordered }, value: counts[n + 1] as number, metricName: `${name}_bucket` });
      values.push({ labels: ordered, value: counts[n] as number, metricName: `${name}_sum` });
      values.push({ labels: ordered, value: counts[n + 1] as number, metricName: `${name}_count` });
    }
    return { name, help: this.helpText, type: "histogram" as unknown as Exposed["type"], values, aggregator: "sum", collect: () => undefined };
  }

  /** What the registry reads for the text format (prom-client's Histogram has it too, undeclared in its types). */
  getForPromString(): Promise<Exposed> {
    return this.get();
  }
}
