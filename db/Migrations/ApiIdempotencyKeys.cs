using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>033: the API's record posts by their Idempotency-Key, so a retried post saves once.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("033_api_idempotency_keys")]
public sealed class ApiIdempotencyKeys : ScriptMigration;
