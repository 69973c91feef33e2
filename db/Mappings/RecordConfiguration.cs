using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

/// <summary>
/// What every part of a prisoner's record shares: its own table named after it, an id made by the domain,
/// and the prisoner it belongs to (a shadow key: the domain has no back-reference).
/// </summary>
internal abstract class RecordConfiguration<T> : IEntityTypeConfiguration<T>
    where T : Entry
{
    /// <summary>Named after the entry's class; a class renamed since keeps the table it was created with.</summary>
    protected virtual string Table => SnakeCaseNames.Of(typeof(T).Name);

    /// <summary>
    /// This collection's bit in prisoner.record_parts (its position), which the trigger its migration adds sets: a new
    /// kind takes the next one; none is ever renumbered.
    /// </summary>
    protected abstract int RecordPart { get; }

    public void Configure(EntityTypeBuilder<T> builder)
    {
        builder.ToTable(Table);
        builder.HasAnnotation(Reads.RecordParts.Annotation, RecordPart);
        builder.HasKey(r => r.Id).HasName($"{Table}_pkey");
        builder.Property(r => r.Id).ValueGeneratedNever();
        builder.Property<Guid>(PrisonerConfiguration.PrisonerKey);
        builder.HasIndex([PrisonerConfiguration.PrisonerKey], $"{Table}_prisoner");
        builder.Ignore(r => r.IsStruck);

        // An entry made in error is kept and marked; the three columns are all set or all null.
        builder.ComplexProperty(r => r.Strike, strike =>
        {
            strike.Property(s => s.AtUtc).HasColumnName("struck_at");
            strike.Property(s => s.By).HasColumnName("struck_by").HasMaxLength(Strike.MaxBy);
            strike.Property(s => s.Reason).HasColumnName("struck_reason").HasMaxLength(Strike.MaxReason);
        });
        ConfigureRecord(builder);
    }

    protected abstract void ConfigureRecord(EntityTypeBuilder<T> builder);

    /// <summary>A started-and-maybe-ended period, stored as start_date and end_date.</summary>
    protected static void MapPeriod(EntityTypeBuilder<T> builder, System.Linq.Expressions.Expression<Func<T, DateRange?>> period)
    {
        var range = builder.ComplexProperty(period).IsRequired();
        range.Property(r => r.Start).HasColumnName("start_date");
        range.Property(r => r.End).HasColumnName("end_date");
    }
}
