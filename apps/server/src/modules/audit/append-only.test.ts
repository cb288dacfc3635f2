import { useTestDatabase } from '../../../test/database.js'
import { appendOnlyCases } from '../../../test/audit-append-only.js'

// On PGlite: its one role is a superuser, so these triggers are the whole guarantee there.
appendOnlyCases(useTestDatabase())
