// Types of report.mjs for the TypeScript benchmarks (emulator/bench, bench/*.ts).
export declare const sections: readonly { readonly id: SectionId; readonly title: string }[];
export type SectionId =
  | 'page-weight'
  | 'lighthouse'
  | 'emulator'
  | 'transports'
  | 'panel'
  | 'load'
  | 'crash'
  | 'bad-input'
  | 'soak'
  | 'redirect-counter';
export interface Goal {
  op: '<' | '<=' | '>' | '>=' | '==';
  value: number;
}
export interface BenchResult {
  section: SectionId;
  measure: string;
  value: number;
  unit: string;
  goal?: Goal;
  note?: string;
}
export interface BenchRow extends BenchResult {
  met: boolean | null;
}
export declare function meets(value: number, goal: Goal | undefined): boolean | null;
export declare function formatValue(value: number, unit?: string): string;
export declare function formatGoal(goal: Goal | undefined, unit?: string): string;
export declare function report(result: BenchResult): BenchRow;
