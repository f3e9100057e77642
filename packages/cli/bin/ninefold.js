#!/usr/bin/env node
// The CLI and the apps it loads are TypeScript: tsx compiles them on the fly, so nothing
// needs a build step. Registration must come before the first TypeScript import.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
