using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class StayConfiguration : RecordConfiguration<Stay>
{
    /// <summary>When the save that last wrote the stay ran (migration 037): the day its move of the counts is kept for.</summary>
    public const string ChangedAt = "ChangedAtUtc";

    protected override int RecordPart => 0;

    /// <summary>The table was made when a stay was called an imprisonment.</summary>
    protected override string Table => "imprisonment";

    protected override void ConfigureRecord(EntityTypeBuilder<Stay> builder)
    {
        builder.Property(i => i.ArrivalReason).HasConversion<string>().HasMaxLength(24);
        builder.Ignore(i => i.IsCurrent);
        builder.Property<DateTime?>(ChangedAt).HasColumnName("changed_at");

        // A sentence is a value shared by the stays it spans (a transfer carries it over), hence a complex type.
        builder.ComplexProperty(i => i.Sentence, sentence =>
        {
            sentence.Property(s => s.Months).HasColumnName("sentence_months");
            sentence.Property(s => s.IsLife).HasColumnName("life_sentence");
        });

        // The dashboard: the most recent arrivals among a prison's current stays; and one current stay a prisoner.
        builder.HasIndex(i => new { i.PrisonId, i.ArrivalDate }).IsDescending(false, true)
            .HasDatabaseName("imprisonment_current_by_arrival").HasFilter(CurrentStayCondition.Sql);
        builder.HasIndex([PrisonerConfiguration.PrisonerKey], "imprisonment_one_current").IsUnique().HasFilter(CurrentStayCondition.Sql);
        builder.HasOne<Prison.Domain.PrisonFacility>().WithMany().HasForeignKey(i => i.PrisonId).OnDelete(DeleteBehavior.Restrict);
    }
}
