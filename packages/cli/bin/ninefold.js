#!/usr/bin/env node
// An app's spec, seed and actions are TypeScript: tsx compiles them on the fly, so an app needs
// no build step of its own. Registration must come before the first import of the app.
import { register } from 'tsx/esm/api';

register();
await import('../dist/main.js');
