using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>032: the API's machine clients, in OpenIddict's stores.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("032_api_clients")]
public sealed class ApiClientStores : ScriptMigration;
