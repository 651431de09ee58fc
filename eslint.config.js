// One ESLint setup for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Import boundaries in web/src (docs/architecture.md): app composes features; a feature never
// imports another feature; domain/ is plain TypeScript (no React, no Firebase); lib/, data/ and
// components/ import no feature; anything more than one folder up is imported as `@/...`.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const upTwoLevels = {
  group: ['../../*'],
  message: 'Import from another folder as `@/...` (web/tsconfig.json paths).',
};
const noFeatures = {
  group: ['@/features/*', '@/app/*'],
  message: 'Only app/ composes features; this layer must not depend on them.',
};
// Every live read opens through web/src/data/live.ts, the one place listeners are opened.
const directListen = {
  name: 'firebase/firestore',
  importNames: ['onSnapshot'],
  message:
    'Open live reads through @/data/live (listen, useLiveQuery, useLiveDocument, useLiveList).',
};
/** @typedef {{ group: string[], message: string }} ImportPattern */
/**
 * A config block forbidding `patterns` (and imports climbing two folders) in `files`.
 * @param {string[]} files
 * @param {...ImportPattern} patterns
 * @returns {import('eslint').Linter.Config}
 */
const boundaries = (files, ...patterns) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { paths: [directListen], patterns: [upTwoLevels, ...patterns] },
    ],
  },
});

// Layers of emulator/src (emulator/README.md "Code layout"), lowest first: service.ts (the contract
// between engine and transports) < model/ < query/, rules/ and app-check/ < engine/ < triggers/ <
// server/; the transports speak only the contract and the model; console/ reads the engine. Imports
// run one way.
const emulatorLayers = [
  'model',
  'query',
  'rules',
  'app-check',
  'engine',
  'triggers',
  'transports',
  'console',
  'server',
];
/**
 * A config block letting emulator/src/`folder` import only the layers in `allowed` (and the ones
 * in `also` forbidden besides).
 * @param {string} folder
 * @param {string[]} allowed
 * @param {string[]} [also]
 * @returns {import('eslint').Linter.Config}
 */
const emulatorLayer = (folder, allowed, also = []) => {
  const own = folder.split('/')[0];
  const forbidden = [
    ...emulatorLayers.filter((name) => name !== own && !allowed.includes(name)),
    ...also,
  ];
  const message = `emulator/src/${folder} must not import ${forbidden.join(', ')} (imports run one way).`;
  return {
    files: [`emulator/src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden.map((name) => `**/${name}`), message }] },
      ],
    },
  };
};
const transports = ['grpc', 'rest', 'webchannel'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      '**/coverage/**',
      '.local/**',
      'emulator/src/rules/generated/**',
      'emulator/console-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'emulator/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  boundaries(['web/src/**/*.{ts,tsx}']),
  boundaries(['web/src/{lib,data,components,config}/**/*.{ts,tsx}'], noFeatures),
  boundaries(['web/src/domain/**/*.{ts,tsx}'], noFeatures, {
    group: [
      'react',
      'react-*',
      '@mantine/*',
      'firebase',
      'firebase/*',
      'reactfire',
      '@/lib/*',
      '@/data/*',
      '@/components/*',
    ],
    message: 'domain/ is plain TypeScript: no React, Mantine, Firebase or app layers.',
  }),
  ...webFeatures.map((feature) =>
    boundaries([`web/src/features/${feature}/**/*.{ts,tsx}`], {
      group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
      message: `A feature never imports another feature or app/ (this is features/${feature}).`,
    }),
  ),
  {
    files: ['web/src/data/live.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upTwoLevels, noFeatures] }] },
  },
  emulatorLayer('model', []),
  emulatorLayer('query', ['model']),
  emulatorLayer('rules', ['model']),
  emulatorLayer('app-check', []),
  emulatorLayer('engine', ['model', 'query', 'rules', 'app-check']),
  emulatorLayer('triggers', ['model', 'query', 'rules', 'engine']),
  emulatorLayer('transports', ['model']),
  ...transports.map((name) =>
    emulatorLayer(
      `transports/${name}`,
      ['model'],
      transports.filter((other) => other !== name),
    ),
  ),
  emulatorLayer('console', ['model', 'query', 'rules', 'engine', 'transports']),
  {
    files: ['emulator/src/service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['./*'], message: 'The contract imports nothing of the emulator.' }],
        },
      ],
    },
  },
);
