-- DropIndex
DROP INDEX "TrackingAnswer_businessId_status_engine_askedAt_idx";

-- CreateIndex
CREATE INDEX "TrackingAnswer_businessId_status_engine_askedAt_id_idx" ON "TrackingAnswer"("businessId", "status", "engine", "askedAt", "id");
