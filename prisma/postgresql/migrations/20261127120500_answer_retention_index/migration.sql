-- CreateIndex
CREATE INDEX "TrackingAnswer_askedAt_id_idx" ON "TrackingAnswer"("askedAt", "id");
