/**
 * Reads Prometheus' text format with Prometheus' own parser: the official Python client's
 * (`prometheus_client.parser`, Debian's python3-prometheus-client, which .ci/run installs). The
 * JavaScript parsers on npm drop a histogram's labels, so they cannot check what a scrape says.
 */
import { execFileSync } from 'node:child_process';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface MetricFamily {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const PYTHON = process.env.PROMETHEUS_PARSER_PYTHON ?? '/usr/bin/python3';
const SCRIPT = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for family in text_string_to_metric_families(sys.stdin.read()):
    out.append({"name": family.name, "type": family.type, "help": family.documentation,
                "samples": [{"name": s.name, "labels": s.labels,
                             "value": s.value if math.isfinite(s.value) else str(s.value)}
                            for s in family.samples]})
print(json.dumps(out))
`;

/** Whether the parser is installed here (CI installs it; a developer's machine may not have it). */
export function prometheusParserAvailable(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import prometheus_client.parser'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The scrape's metric families; throws with the parser's message when the text does not parse. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const json = execFileSync(PYTHON, ['-c', SCRIPT], { input: text, encoding: 'utf8' });
  const families = JSON.parse(json) as MetricFamily[];
  return new Map(families.map((family) => [family.name, family]));
}
