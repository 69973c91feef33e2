using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonStatusCountConfiguration : IEntityTypeConfiguration<PrisonStatusCount>
{
    public void Configure(EntityTypeBuilder<PrisonStatusCount> builder)
    {
        builder.ToTable("prison_status_count");
        // Prison first: the dashboard sums one prison's stripes by the key alone.
        builder.HasKey(c => new { c.PrisonId, c.Stripe }).HasName("prison_status_count_pkey");
        builder.Property(c => c.PrisonId).ValueGeneratedNever();
        builder.Property(c => c.Stripe).ValueGeneratedNever();
        builder.HasOne<PrisonFacility>().WithMany().HasForeignKey(c => c.PrisonId).OnDelete(DeleteBehavior.Cascade);
    }
}
