#!/usr/bin/env node
// Runs the built CLI (npm run build -w emulator produces dist/).
import '../dist/cli.js';
