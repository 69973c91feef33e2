using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain;

namespace Prison.Db.Mappings;

public sealed class PrisonerConfiguration : IEntityTypeConfiguration<Prisoner>
{
    /// <summary>When the record last changed (UTC): the sweeper's clock. Kept out of the domain, which has no clock.</summary>
    public const string ChangedAt = "ChangedAtUtc";

    /// <summary>The facts behind each fired rule of the stored verdict, as JSON; written only by the verdict writer.</summary>
    public const string DangerFacts = "DangerFacts";

    /// <summary>The shadow key of every record part: the domain has no back-reference to its prisoner.</summary>
    public const string PrisonerKey = "PrisonerId";

    public const string DangerReasonCodes = "_dangerReasons";

    /// <summary>
    /// Which collections of the record hold entries, a bit each (<see cref="Reads.RecordParts"/>, declared by each
    /// entry's mapping): set by the database's triggers as entries are inserted, read by loads, never written by EF.
    /// </summary>
    public const string RecordParts = "RecordParts";

    /// <summary>
    /// The last known verdict (status and reason codes), which a record change's clearing to Unknown leaves standing:
    /// what the next verdict is compared with for the history. Kept by the database alone (migration 013).
    /// </summary>
    public const string KnownStatus = "KnownStatus";

    /// <inheritdoc cref="KnownStatus"/>
    public const string KnownReasons = "KnownReasons";

    /// <summary>
    /// The stored verdict's forecast (migration 024): when its status next changes within the worker's horizon, to
    /// what, and the rules that come and go then (JSON, as <see cref="DangerFacts"/>). Written only by the verdict
    /// write, cleared by the database with the verdict; EF never writes them.
    /// </summary>
    public const string ForecastAt = "ForecastAtUtc";

    /// <inheritdoc cref="ForecastAt"/>
    public const string ForecastStatus = "ForecastStatus";

    /// <inheritdoc cref="ForecastAt"/>
    public const string ForecastCame = "ForecastCame";

    /// <inheritdoc cref="ForecastAt"/>
    public const string ForecastWent = "ForecastWent";

    /// <summary>What caused the verdict the prisoner awaits or holds (<see cref="History.VerdictCause"/>), as a kind and a detail.</summary>
    public const string VerdictCause = "VerdictCause";

    /// <inheritdoc cref="VerdictCause"/>
    public const string VerdictCauseDetail = "VerdictCauseDetail";

    public void Configure(EntityTypeBuilder<Prisoner> builder)
    {
        // Triggers keep verdict_rule in step with danger_reasons (migration 007): SQLite's RETURNING clause cannot be
        // used on a table with AFTER triggers, so EF Core reads back the way it did before RETURNING.
        builder.ToTable("prisoner", table => table.UseSqlReturningClause(false));
        builder.HasKey(p => p.Id).HasName("prisoner_pkey");
        builder.Property(p => p.Id).ValueGeneratedNever();
        builder.Property(p => p.Number).HasMaxLength(32);
        builder.HasIndex(p => p.Number).IsUnique().HasDatabaseName("prisoner_number");
        builder.Property(p => p.Name).HasMaxLength(200);
        builder.Property(p => p.LegalStatus).HasConversion<string>().HasMaxLength(16);
        builder.Property(p => p.SecurityCategory).HasConversion<string>().HasMaxLength(1);

        // The version guards both writers: staff edits (a concurrency token) and the worker's verdict.
        builder.Property(p => p.ChangeVersion).IsConcurrencyToken();
        builder.Property<DateTime>(ChangedAt).HasColumnName("changed_at");

        builder.Property(p => p.DangerStatus).HasConversion<string>().HasMaxLength(16);
        builder.Property<string>(DangerReasonCodes).HasColumnName("danger_reasons");
        builder.Ignore(p => p.DangerReasons);
        builder.Property<string>(DangerFacts).HasColumnName("danger_facts").IsRequired().HasDefaultValue(string.Empty);
        builder.Property(p => p.EvaluatedAtUtc).HasColumnName("evaluated_at");
        builder.Property(p => p.ReevaluateAtUtc).HasColumnName("reevaluate_at");
        builder.Property(p => p.RuleSet).HasMaxLength(16);

        // Written only by the verdict write (db/Writes/VerdictWrites.cs), beside the status it stands for.
        builder.Property(p => p.EvaluatedVersion).HasColumnName("evaluated_version");

        // Owned by the triggers of migration 010: EF neither writes it nor reads it back after a save (on SQLite,
        // reading back a generated value costs a statement per saved prisoner).
        var recordParts = builder.Property<int>(RecordParts).HasColumnName("record_parts").HasDefaultValue(0).ValueGeneratedNever().Metadata;
        recordParts.SetBeforeSaveBehavior(PropertySaveBehavior.Ignore);
        recordParts.SetAfterSaveBehavior(PropertySaveBehavior.Ignore);

        // The history's bookkeeping (migration 013): the cause is written by the save of a record change and by the
        // verdict write; the known verdict by the database's triggers alone, so EF never writes it.
        builder.Property<History.VerdictCauseKind?>(VerdictCause).HasColumnName("verdict_cause").HasConversion<string>().HasMaxLength(16);
        builder.Property<string?>(VerdictCauseDetail).HasColumnName("verdict_cause_detail").HasMaxLength(History.VerdictCause.MaxDetail);
        foreach (var known in new[]
        {
            builder.Property<DangerStatus?>(KnownStatus).HasColumnName("known_status").HasConversion<string>().HasMaxLength(16).Metadata,
            builder.Property<string?>(KnownReasons).HasColumnName("known_reasons").Metadata,
        })
        {
            known.SetBeforeSaveBehavior(PropertySaveBehavior.Ignore);
            known.SetAfterSaveBehavior(PropertySaveBehavior.Ignore);
        }

        foreach (var forecast in new[]
        {
            builder.Property<DateTime?>(ForecastAt).HasColumnName("forecast_at").Metadata,
            builder.Property<DangerStatus?>(ForecastStatus).HasColumnName("forecast_status").HasConversion<string>().HasMaxLength(16).Metadata,
            builder.Property<string>(ForecastCame).HasColumnName("forecast_came").IsRequired().HasDefaultValue(string.Empty).ValueGeneratedNever().Metadata,
            builder.Property<string>(ForecastWent).HasColumnName("forecast_went").IsRequired().HasDefaultValue(string.Empty).ValueGeneratedNever().Metadata,
        })
        {
            forecast.SetBeforeSaveBehavior(PropertySaveBehavior.Ignore);
            forecast.SetAfterSaveBehavior(PropertySaveBehavior.Ignore);
        }

        // Partial indexes: the due-time job and the sweeper read only the few rows they hold.
        builder.HasIndex(p => p.ReevaluateAtUtc).HasDatabaseName("prisoner_reevaluate_at").HasFilter("reevaluate_at IS NOT NULL");
        builder.HasIndex(ChangedAt).HasDatabaseName("prisoner_unknown_since").HasFilter("danger_status = 'Unknown'");
        builder.HasIndex(ForecastAt, nameof(Prisoner.Number)).HasDatabaseName("prisoner_forecast_at").HasFilter("forecast_at IS NOT NULL");

        builder.Ignore(p => p.CurrentStay);
        // Each collection of the record, as the domain declares it: the property the rules read, backed by its field.
        foreach (var kind in Prisoner.EntryKinds)
        {
            var property = typeof(Prisoner).GetProperties().Single(p => p.PropertyType == typeof(IReadOnlyList<>).MakeGenericType(kind));
            var field = typeof(Prisoner).GetFields(BindingFlags.Instance | BindingFlags.NonPublic).Single(f => f.FieldType == typeof(IList<>).MakeGenericType(kind));
            builder.HasMany(kind, property.Name).WithOne().HasForeignKey(PrisonerKey).OnDelete(DeleteBehavior.Cascade);
            builder.Navigation(property.Name).HasField(field.Name).UsePropertyAccessMode(PropertyAccessMode.Field);
        }
    }
}
