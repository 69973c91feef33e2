using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>026: each prison's "Coming up" counted by instant and rule set, kept at write time by the triggers that keep its counts.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("026_prison_coming_up_counts")]
public sealed class PrisonComingUpCounts : ScriptMigration;
